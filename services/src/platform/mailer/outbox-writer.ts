import { Worker } from 'node:worker_threads';
import { ensurePrivateFilesDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.js';

/**
 * Writes the outbox's .eml files on a thread of its own, a batch at a time. Creating a file takes the
 * file system's journal, which an fsync of the event log holds: on the event loop, each mail's open and
 * rename waited for the log's sync (a fifth of a busy evening's mail time spent blocked in `open`). The
 * worker writes each file as `<name>.tmp` and renames it, so a reader of the outbox never sees half a
 * message; 0700 and 0600 whatever the umask (the mails name guests). The outbox is a development
 * stand-in and is never fsynced.
 */
export class OutboxWriter {
  private worker: Worker | null = null;
  private queued: { file: string; content: string; done: (error: Error | null) => void }[] = [];
  private readonly inFlight = new Map<number, ((error: Error | null) => void)[]>();
  private nextBatch = 0;
  private made = false;
  private closing: Promise<void> | null = null;
  /** Called once no batch is in flight (while closing). */
  private drained: (() => void) | null = null;

  constructor(private readonly dir: string) {}

  /** Resolves once the file is in the outbox under its name; refused once the writer is closing. */
  write(file: string, content: string): Promise<void> {
    if (this.closing) return Promise.reject(new Error('the outbox is closed'));
    // Once, on the event loop: the outbox made 0700, and files an older version left there narrowed to 0600.
    if (!this.made) ensurePrivateFilesDir(this.dir);
    this.made = true;
    return new Promise((resolve, reject) => {
      // Mails handed over in one turn of the event loop go to the worker as one batch.
      if (this.queued.length === 0) setImmediate(() => this.flush());
      this.queued.push({
        file,
        content,
        done(error) {
          if (error) reject(error);
          else resolve();
        },
      });
    });
  }

  /**
   * Hands over what is queued, waits until the worker has written every batch (at most CLOSE_WAIT_MS:
   * a stuck disk), then stops it. A batch still queued for the next turn once started a new worker after
   * the close, and a mail's file landed, with the outbox made again, after its owner had gone.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.flush();
      if (this.inFlight.size > 0) {
        await new Promise<void>((resolve) => {
          this.drained = resolve;
          setTimeout(resolve, CLOSE_WAIT_MS).unref();
        });
      }
      const worker = this.worker;
      this.worker = null;
      if (worker) await worker.terminate();
    })();
    return this.closing;
  }

  private flush(): void {
    const batch = this.queued;
    this.queued = [];
    if (batch.length === 0) return;
    const worker = this.started();
    const id = this.nextBatch++;
    this.inFlight.set(
      id,
      batch.map((w) => w.done),
    );
    worker.ref(); // pending writes keep the process alive; an idle writer does not
    worker.postMessage({ id, files: batch.map(({ file, content }) => ({ file, content })) });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { dir: this.dir, fileMode: PRIVATE_FILE_MODE, dirMode: PRIVATE_DIR_MODE },
    });
    worker.on('message', ({ id, errors }: { id: number; errors: (string | null)[] }) => {
      const waiting = this.inFlight.get(id) ?? [];
      this.inFlight.delete(id);
      waiting.forEach((done, i) => done(errors[i] ? new Error(errors[i]) : null));
      if (this.inFlight.size === 0) {
        worker.unref();
        this.drained?.();
      }
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => this.fail(new Error('the outbox writer stopped')));
    this.worker = worker;
    return worker;
  }

  /** Writes waiting on a worker that failed or stopped are refused (the reactor retries them). */
  private fail(error: Error): void {
    for (const waiting of this.inFlight.values()) for (const done of waiting) done(error);
    this.inFlight.clear();
    this.worker = null;
    this.drained?.();
  }
}

/** How long a close waits for the worker to write what it was given. */
const CLOSE_WAIT_MS = 5_000;

// Plain JavaScript: evaluated in the worker as it is, under tsx, vitest and the built gateway alike.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const { dir, fileMode, dirMode } = workerData;
const ensureDir = () => { fs.mkdirSync(dir, { recursive: true, mode: dirMode }); fs.chmodSync(dir, dirMode); };
const writeOne = ({ file, content }) => {
  let fd;
  try {
    fd = fs.openSync(file + '.tmp', 'w', fileMode);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    ensureDir();
    fd = fs.openSync(file + '.tmp', 'w', fileMode);
  }
  try {
    fs.writeFileSync(fd, content);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(file + '.tmp', file);
};
parentPort.on('message', ({ id, files }) => {
  const errors = files.map((f) => {
    try {
      writeOne(f);
      return null;
    } catch (error) {
      return String(error && error.message ? error.message : error);
    }
  });
  parentPort.postMessage({ id, errors });
});
`;
