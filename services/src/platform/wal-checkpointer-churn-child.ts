/**
 * Run by wal-checkpointer.int.test.ts in a process of its own: checkpointers started and closed again and
 * again while their owner commits and their workers checkpoint every millisecond, as a test file's apps do
 * (several to a process with isolate: false), then a normal exit. A close that ended a worker inside a
 * checkpoint, its connection open, could kill this process (SIGABRT) instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { WalCheckpointer, type WalCheckpointerEnd } from './wal-checkpointer.js';

const dir = mkdtempSync(join(tmpdir(), 'cafe-wal-churn-'));
const file = join(dir, 'churn.sqlite');
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('wal_autocheckpoint = 0');
db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)');
const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
const body = Buffer.alloc(4096, 7);
const ends: Record<WalCheckpointerEnd, number> = { stopped: 0, unstarted: 0, terminated: 0 };
const rounds = Number(process.argv[2] ?? 10);
for (let round = 0; round < rounds; round++) {
  const checkpointers = Array.from(
    { length: 4 },
    () => new WalCheckpointer(file, db, { intervalMs: 0, limitBytes: 0, onStopped: () => undefined }),
  );
  // Closed at every stage: before the worker runs, while it loads the driver, between and inside checkpoints.
  const until = Date.now() + [0, 30, 100, 250, 500][round % 5]!;
  do {
    for (let i = 0; i < 8; i++) insert.run(body);
    await new Promise((resolve) => setImmediate(resolve));
  } while (Date.now() < until);
  for (const end of await Promise.all(checkpointers.map((checkpointer) => checkpointer.close()))) ends[end]++;
}
db.close();
rmSync(dir, { recursive: true, force: true });
console.log(`churn ok ${JSON.stringify(ends)}`);
