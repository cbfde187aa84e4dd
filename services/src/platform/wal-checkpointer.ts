import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface WalCheckpointOptions {
  intervalMs?: number;
  truncateBytes?: number;
}

/**
 * Checkpoints a WAL-mode SQLite file from a worker thread, so copying the log back into the file and
 * its fsyncs never block the event loop (SQLite's automatic checkpoint runs inside the commit that
 * crosses its threshold, on the thread that commits). The owner turns `wal_autocheckpoint` off.
 * PASSIVE checkpoints never wait for the writer or for readers; a log grown past `truncateBytes` is
 * truncated once the readers let it.
 */
export class WalCheckpointer {
  private readonly worker: Worker;

  constructor(file: string, options: WalCheckpointOptions & { onStopped: () => void }) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver, file, intervalMs: options.intervalMs ?? 250, truncateBytes: options.truncateBytes ?? 64 * 1024 * 1024 },
    });
    // Never keeps the process alive. If it stops, the owner checkpoints again itself, so the log never grows unbounded.
    this.worker.unref();
    this.worker.on('error', () => undefined);
    this.worker.on('exit', () => {
      if (!this.closing) options.onStopped();
    });
  }

  private closing = false;

  async close(): Promise<void> {
    this.closing = true;
    await this.worker.terminate();
  }
}

const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { statSync } = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 50');
const tick = () => {
  try {
    let size = 0;
    try { size = statSync(workerData.file + '-wal').size; } catch {}
    db.pragma(size > workerData.truncateBytes ? 'wal_checkpoint(TRUNCATE)' : 'wal_checkpoint(PASSIVE)');
  } catch {}
  setTimeout(tick, workerData.intervalMs);
};
setTimeout(tick, workerData.intervalMs);
`;

/**
 * Copies the whole log into the file and empties it (erasure: no old page may stay in the -wal file).
 * A reader holding an old snapshot makes it busy: it is retried for about a second, then left to the
 * next checkpoint; answers whether the log was emptied.
 */
export function truncateWal(db: { pragma(source: string): unknown }): boolean {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [row] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (!row || row.busy === 0) return true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  return false;
}
