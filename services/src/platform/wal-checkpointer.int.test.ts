import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { WalCheckpointer } from './wal-checkpointer.js';

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

    // when it commits for 3 seconds, four commits a turn of the event loop, as a gateway in a rush does
    let largest = 0;
    let written = 0;
    const until = Date.now() + 3000;
    while (Date.now() < until) {
      for (let i = 0; i < 4; i++) insert.run(body);
      written += 4 * body.length;
      largest = Math.max(largest, statSync(`${file}-wal`).size);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }

    // then the log never grew far past twice the limit (1 MiB at least), however much was written
    expect(written).toBeGreaterThan(8 * 1024 * 1024);
    expect(largest).toBeLessThan(6 * 1024 * 1024);
    await checkpointer.close();
    db.close();
  });
});
