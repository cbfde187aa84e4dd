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
          // A real browser against the real server, after the other projects. Each file has its own server
          // and browser; two files at a time keep both cores busy (they wait on the browser much of the time).
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 300_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
