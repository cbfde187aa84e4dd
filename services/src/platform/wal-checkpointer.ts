import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface WalCheckpointOptions {
  intervalMs?: number;
  /** The log's size once restarted (`journal_size_limit`). */
  limitBytes?: number;
}

const DEFAULT_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Checkpoints a WAL-mode SQLite file from a worker thread, so copying the log back into the file and
 * its fsyncs never block the event loop (SQLite's automatic checkpoint runs inside the commit that
 * crosses its threshold, on the thread that commits). The owner turns `wal_autocheckpoint` off.
 * PASSIVE checkpoints, which never wait for the writer or for readers. The log's size is bounded by the
 * owner connection's `journal_size_limit` (set here): once a checkpoint has copied all of it, the next commit
 * starts it again from the beginning and cuts the file back to the limit. Only a log grown past twice the
 * limit (commits without a pause for a checkpoint to catch up) gets a RESTART checkpoint. A TRUNCATE
 * checkpoint at the limit held every writer for 30–37 ms (the file's fsync and the log's truncation under
 * the write lock): the slowest booking answers of a rush.
 */
export class WalCheckpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<number>;
  /** STARTING until the worker runs its script (RUNNING), or until a close comes first (CLOSED_UNSTARTED). */
  private readonly state = new Int32Array(new SharedArrayBuffer(4));
  private closing: Promise<WalCheckpointerEnd> | null = null;

  constructor(file: string, db: { pragma(source: string): unknown }, options: WalCheckpointOptions & { onStopped: () => void }) {
    const limitBytes = Math.max(0, Math.floor(options.limitBytes ?? DEFAULT_LIMIT_BYTES));
    db.pragma(`journal_size_limit = ${limitBytes}`);
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver, file, intervalMs: options.intervalMs ?? 250, limitBytes, state: this.state },
    });
    // Never keeps the process alive. If it stops, the owner checkpoints again itself, so the log never grows unbounded.
    this.worker.unref();
    this.worker.on('error', () => undefined);
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', (code) => {
        if (!this.closing) options.onStopped();
        resolve(code);
      }),
    );
  }

  /**
   * Stops the worker without terminating it inside a checkpoint: it is asked to stop, and between two
   * checkpoints it clears its timer, closes its connection and ends by itself, so nothing native is left
   * for the thread's teardown to finalize. `worker.terminate()` could land inside a checkpoint with the
   * connection open: the prime suspect of a CI test process's SIGABRT. A worker that has not run its script yet is
   * terminated at once (it opened nothing); one that has not ended within STOP_WAIT_MS (a checkpoint stuck
   * on a slow disk) is terminated too. Answers how it ended.
   */
  close(): Promise<WalCheckpointerEnd> {
    this.closing ??= (async () => {
      if (Atomics.compareExchange(this.state, 0, STARTING, CLOSED_UNSTARTED) === STARTING) {
        await this.worker.terminate();
        return 'unstarted';
      }
      let end: WalCheckpointerEnd = 'stopped';
      this.worker.postMessage('stop');
      const fallback = setTimeout(() => {
        end = 'terminated';
        void this.worker.terminate();
      }, STOP_WAIT_MS);
      await this.exited;
      clearTimeout(fallback);
      return end;
    })();
    return this.closing;
  }
}

/** How a checkpointer's worker ended: by itself, never started, or terminated after STOP_WAIT_MS. */
export type WalCheckpointerEnd = 'stopped' | 'unstarted' | 'terminated';

/** How long a closing worker has to end by itself before it is terminated. */
const STOP_WAIT_MS = 10_000;
const STARTING = 0;
const CLOSED_UNSTARTED = 2;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { statSync } = require('node:fs');
const start = () => {
  const Database = require(workerData.driver);
  const db = new Database(workerData.file);
  db.pragma('busy_timeout = 50');
  let timer = null;
  const tick = () => {
    try {
      let size = 0;
      try { size = statSync(workerData.file + '-wal').size; } catch {}
      // Commits that never pause let no checkpoint catch up, and the log never restarts: past twice the
      // limit, a RESTART checkpoint makes the next commit start it again (it holds writers while it copies).
      db.pragma(size > 2 * Math.max(workerData.limitBytes, 1024 * 1024) ? 'wal_checkpoint(RESTART)' : 'wal_checkpoint(PASSIVE)');
    } catch {}
    timer = setTimeout(tick, workerData.intervalMs);
  };
  timer = setTimeout(tick, workerData.intervalMs);
  // A message comes between two ticks, never inside one: the connection is closed before the thread ends.
  parentPort.once('message', () => {
    clearTimeout(timer);
    db.close();
    parentPort.close();
  });
};
// STARTING (0) → RUNNING (1), unless the owner closed it first (2): then it opens nothing and ends.
if (Atomics.compareExchange(workerData.state, 0, 0, 1) === 0) start();
`;

/**
 * Copies the whole log into the file and empties it (erasure: no old page may stay in the -wal file).
 * A reader holding an old snapshot makes it busy: it is retried for about a second, then left to the
 * next checkpoint; answers whether the log was emptied.
 */
export function truncateWal(db: { pragma(source: string): unknown }, attempts = 50): boolean {
  // Each attempt answers at once: with the connection's busy timeout (5 s) a reader holding a snapshot made
  // every attempt wait it out, and the 50 of them held the event loop for over four minutes.
  const [{ timeout } = { timeout: 0 }] = db.pragma('busy_timeout') as { timeout: number }[];
  db.pragma('busy_timeout = 0');
  try {
    for (let attempt = 0; attempt < attempts; attempt++) {
      const [row] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      if (!row || row.busy === 0) return true;
      if (attempt < attempts - 1) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
    return false;
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
}

/**
 * truncateWal after an erasure, and again every `everyMs` while a long reader keeps it busy (the log's
 * old pages would otherwise stay until some later restart of the log): until the log is emptied or the
 * connection closes. Each retry is one attempt, so a busy log never blocks the event loop again.
 */
export function truncateWalUntilEmptied(db: Connection, everyMs = 1000): boolean {
  if (retrying.has(db)) return false; // a retry is under way for this connection: it empties the whole log
  if (truncateWal(db)) return true;
  retrying.add(db);
  const retry = () => {
    if (!db.open) return void retrying.delete(db);
    let emptied = false;
    try {
      emptied = truncateWal(db, 1);
    } catch {
      // An error other than busy: tried again while the connection is open.
    }
    if (emptied) retrying.delete(db);
    else setTimeout(retry, everyMs).unref();
  };
  setTimeout(retry, everyMs).unref();
  return false;
}

type Connection = { pragma(source: string): unknown; readonly open: boolean };
/** Connections with a retry scheduled: one loop each, however many erasures meet the same reader. */
const retrying = new WeakSet<Connection>();
