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
    ],
  },
});
