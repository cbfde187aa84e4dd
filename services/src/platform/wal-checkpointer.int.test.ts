import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { WalCheckpointer } from './wal-checkpointer.js';

const here = dirname(fileURLToPath(import.meta.url));
const tsx = join(here, '..', '..', '..', 'node_modules', '.bin', 'tsx');
const dir = mkdtempSync(join(tmpdir(), 'cafe-wal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('WalCheckpointer', () => {
  it('keeps the log bounded through a rush of commits that never lets a checkpoint catch up', async () => {
    // given a WAL file whose owner commits every millisecond or so, SQLite's own checkpoints off
    const file = join(dir, 'busy.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)');
    const checkpointer = new WalCheckpointer(file, db, { intervalMs: 5, limitBytes: 0, onStopped: () => undefined });
    const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
    const body = Buffer.alloc(4096, 7);

    // when it commits 24 MiB, four commits a turn of the event loop, as a gateway in a rush does (a
    // volume, not a time: on a loaded machine a time-bound rush wrote less while the worker ran less)
    let largest = 0;
    let written = 0;
    while (written < 24 * 1024 * 1024) {
      for (let i = 0; i < 4; i++) insert.run(body);
      written += 4 * body.length;
      largest = Math.max(largest, statSync(`${file}-wal`).size);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }

    // then the log stayed a fraction of what was written (2.3 MB at most here; unchecked it would hold all 24 MiB)
    expect(largest).toBeLessThan(8 * 1024 * 1024);
    await checkpointer.close();
    db.close();
  }, 60_000);

  it('closes a worker that checkpoints every millisecond by asking it: it ends by itself, never terminated, and onStopped is not called', async () => {
    // given a checkpointer whose worker runs, checkpointing a log its owner keeps writing
    const file = join(dir, 'close.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)');
    const stopped = vi.fn();
    const checkpointer = new WalCheckpointer(file, db, { intervalMs: 0, limitBytes: 0, onStopped: stopped });
    const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
    // (it runs once a commit after a pause restarts the log: the worker checkpointed all of it meanwhile)
    await vi.waitFor(
      async () => {
        for (let i = 0; i < 64; i++) insert.run(Buffer.alloc(4096, 7));
        await new Promise((resolve) => setTimeout(resolve, 50));
        insert.run(Buffer.alloc(4096, 7));
        expect(statSync(`${file}-wal`).size).toBeLessThan(16 * 4096);
      },
      { timeout: 15_000, interval: 0 },
    );
    // when it is closed, then its worker ended by itself (its connection closed first)
    expect(await checkpointer.close()).toBe('stopped');
    expect(await checkpointer.close()).toBe('stopped');
    expect(stopped).not.toHaveBeenCalled();
    db.close();
  });

  it('closed before its worker ran, it ends at once and opens nothing', async () => {
    const file = join(dir, 'unstarted.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    const stopped = vi.fn();
    const checkpointer = new WalCheckpointer(file, db, { onStopped: stopped });
    // (a worker that got to run first is asked to stop instead)
    expect(['unstarted', 'stopped']).toContain(await checkpointer.close());
    expect(stopped).not.toHaveBeenCalled();
    db.close();
  });

  it('given checkpointers closed at every stage of their worker while it checkpoints, when the process exits, then it exits normally', async () => {
    const child = spawn(tsx, [join(here, 'wal-checkpointer-churn-child.ts')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('close', (c, s) => resolve([c, s])),
    );
    expect({ code, signal, output: output.slice(-2_000) }).toMatchObject({ code: 0, signal: null });
    // None had to be terminated: each ended by itself, or before it ran.
    expect(output).toMatch(/churn ok \{"stopped":\d+,"unstarted":\d+,"terminated":0\}/);
  }, 60_000);
});
