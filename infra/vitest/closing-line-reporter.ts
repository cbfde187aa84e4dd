import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node';

/**
 * One plain closing line after Vitest's own summary, e.g. "Tests: 1691 passed, 0 failed, 65 skipped".
 * Vitest's summary is coloured and laid out in columns; CI systems that read a run's last line to learn
 * whether tests ran, and how many failed, read this one. A file that fails before any test runs (an
 * import error, a failing hook), an error outside every test, and a run that failed before its files ran
 * (a global setup that threw, no file matching the filter) count as failures: a red run never closes on
 * "0 failed".
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const testModule of testModules) {
      let failedHere = 0;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedHere += 1;
        else skipped += 1;
      }
      failed += failedHere === 0 && testModule.state() === 'failed' ? 1 : failedHere;
    }
    if (reason !== 'passed' && failed === 0) failed = 1;
    const interrupted = reason === 'interrupted' ? ' (interrupted)' : '';
    process.stdout.write(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped${interrupted}\n`);
  }
}
