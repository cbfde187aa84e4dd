import { defineConfig } from 'vitest/config';

/** One command runs every test: unit and integration in node, browser tests (web/e2e) last. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          root: './contracts',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'services',
          root: './services',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web-e2e',
          root: './web',
          include: ['e2e/**/*.e2e.test.ts'],
          // A real browser against the real server: one file at a time, after the other projects (two at
          // a time saved about two minutes but made timing-sensitive steps fail under the shared cores).
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
