import { defineConfig } from 'vitest/config';
import { contractsModules } from './web/vite-plugins/contracts-modules';

/**
 * Browser files whose assertions are about time (a live booking within two seconds, a year-long list's
 * first row within a second): they run after the others, so no heavy file's browser competes for the two
 * cores during their measured steps (list-scale's first row took 1.5 s of its 1 s with two other files'
 * browsers beside it on a slow machine, 0.1–0.5 s alone). These two run beside each other: one at a time
 * they left the machine a third busy for the run's last half minute, and beside each other their figures
 * keep their margin (first row 150–460 ms in five fresh runs). A new browser file that measures time with
 * a margin of that size belongs here. The keyboard walk (its carousels run on Playwright's fake clock; its
 * one real-time step, the gallery moving within 1 s of →, is a key press and a repaint) and the guest
 * notices (a 5 s toast dismissed once seen, as in every other file) run with the others: alone they left
 * a core idle for some 50 s of each run.
 */
const TIMED_BROWSER_FILES = ['e2e/live-dashboard.e2e.test.ts', 'e2e/list-scale.e2e.test.ts'];

/**
 * The files whose margin is too narrow to share the machine, last and by themselves: the game library's
 * filter result within 100 ms took 11–49 ms alone (once 103 ms in a fresh run: the test makes such a change
 * again), and up to 98 ms beside the two timed files above.
 */
const ALONE_BROWSER_FILES = ['e2e/game-library.e2e.test.ts'];

/** A real browser against the real server; each file starts its own gateway (support/server.ts). */
const browserProject = {
  root: './web',
  globalSetup: ['e2e/support/global-setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 300_000,
  // A worker keeps playwright-core and the test kit loaded from file to file (each file still starts its
  // own contexts, and its own server or the shared one): about a second less per file.
  isolate: false,
};

/** One command runs every test: unit and integration in node, then the browser tests (web/e2e). */
export default defineConfig({
  test: {
    // Vitest's summary, then one plain "Tests: N passed, N failed, N skipped" line (infra/vitest).
    reporters: ['default', './infra/vitest/closing-line-reporter.ts'],
    projects: [
      {
        test: {
          name: 'contracts',
          root: './contracts',
          include: ['src/**/*.test.ts'],
          // Runs beside the services (same group): Vitest wants one worker count per group.
          maxWorkers: 3,
        },
      },
      {
        // The web app's pure helpers (dates above all), in node: no browser needed to know a date's day.
        // Its deep imports of one contracts module (`@cafe/contracts/live-updates`) resolve as the web build's do.
        resolve: { alias: [contractsModules] },
        test: {
          name: 'web',
          root: './web',
          include: ['src/**/*.unit.test.ts'],
          maxWorkers: 3,
        },
      },
      {
        test: {
          name: 'services',
          root: './services',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Vitest's default is one worker less than the cores: one on a two-core CI machine. The files keep
          // their own data directories and ports, and much of their time is waiting on child processes and disk:
          // three at a time on two cores filled the cores better than two (services alone 117 → 101 and 90 s).
          maxWorkers: 3,
          // A worker keeps its loaded modules from file to file (each file still builds its own app, stores
          // and data directory): the TypeScript of the services is transformed and loaded twice, not 150 times.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Three files at a time on two cores: each waits on its browser and its server much of the time (a
        // two-worker run kept the machine about 30% busy); the files that measure time run alone below.
        test: {
          ...browserProject,
          name: 'web-e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: [...TIMED_BROWSER_FILES, ...ALONE_BROWSER_FILES],
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...browserProject,
          name: 'web-e2e-timed',
          include: TIMED_BROWSER_FILES,
          maxWorkers: 3,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          ...browserProject,
          name: 'web-e2e-alone',
          include: ALONE_BROWSER_FILES,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
