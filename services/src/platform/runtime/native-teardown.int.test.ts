import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const tsx = join(here, '..', '..', '..', '..', 'node_modules', '.bin', 'tsx');

/**
 * The runtime this suite runs on (Node 22 or 24; CI runs it on both) with the SQLite addon as installed:
 * opening, using and closing the embedded stores, then statements collected on the main thread and in an
 * exiting worker, must end in a normal exit. better-sqlite3 12 built against Node 24.19+'s headers aborted
 * here ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook, from Statement::~Statement);
 * 13 is a Node-API addon with no ObjectWrap.
 */
it('given the embedded stores used and closed, when their statements are collected and the process exits, then it exits normally', async () => {
  const child = spawn(tsx, [join(here, 'sqlite-teardown-child.ts')], {
    env: { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, '--expose-gc'].filter(Boolean).join(' ') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.once('exit', (c, s) => resolve([c, s])),
  );
  expect(output).not.toContain('Assertion failed');
  expect({ code, signal, output: output.slice(-2_000) }).toMatchObject({ code: 0, signal: null });
  expect(output).toContain('teardown ok');
}, 60_000);
