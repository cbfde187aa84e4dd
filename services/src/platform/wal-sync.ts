import { closeSync, fsync, openSync } from 'node:fs';

/**
 * Fsyncs the write-ahead log off the event loop. Commits ask to be answered after a sync; a sync
 * covers only the commits written before it started, so those arriving meanwhile wait for the next,
 * which starts as soon as this one ends. `durable(position)` waits until a position this process
 * committed is on disk (a position it did not commit, another process's, already is).
 */
export class WalSync {
  private fd: number | null = null;
  private running: Promise<void> | null = null;
  private waiting: { head: bigint; then: (error: Error | null) => void }[] = [];
  private committed = 0n;
  private synced = 0n;
  private readers: { position: bigint; resolve: () => void; reject: (error: Error) => void }[] = [];

  /**
   * `onSynced` runs after each sync, before the next one starts: a writer that held its commits back
   * while a sync ran writes them then, so they all go into one commit and the sync after it.
   */
  constructor(
    private readonly path: string,
    private readonly onSynced: () => void = () => undefined,
  ) {}

  /** A sync is under way: a commit written now is acknowledged only after the next one anyway. */
  get syncing(): boolean {
    return this.running !== null;
  }

  afterSync(head: bigint, then: (error: Error | null) => void): void {
    if (head > this.committed) this.committed = head;
    this.waiting.push({ head, then });
    if (!this.running) this.running = this.syncLoop();
  }

  /** Null when the position is on disk already; else a promise that settles once it is. */
  durable(position: bigint): Promise<void> | null {
    const needed = position < this.committed ? position : this.committed;
    if (needed <= this.synced) return null;
    return new Promise((resolve, reject) => this.readers.push({ position: needed, resolve, reject }));
  }

  async close(): Promise<void> {
    while (this.running) await this.running;
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private async syncLoop(): Promise<void> {
    while (this.waiting.length > 0) {
      const covered = this.waiting;
      this.waiting = [];
      const error = await this.sync();
      let head = this.synced;
      for (const commit of covered) if (commit.head > head) head = commit.head;
      if (!error) this.synced = head;
      for (const commit of covered) commit.then(error);
      const still: typeof this.readers = [];
      for (const reader of this.readers) {
        if (error) reader.reject(error);
        else if (reader.position <= this.synced) reader.resolve();
        else still.push(reader);
      }
      this.readers = still;
      this.onSynced();
    }
    this.running = null;
  }

  private sync(): Promise<Error | null> {
    return new Promise((resolve) => {
      try {
        this.fd ??= openSync(this.path, 'r+');
      } catch (error) {
        resolve(error as Error);
        return;
      }
      const fd = this.fd;
      fsync(fd, (error) => {
        if (error) {
          // Opened afresh for the next try, in case the log file itself was replaced.
          this.fd = null;
          try {
            closeSync(fd);
          } catch {
            // already unusable
          }
        }
        resolve(error);
      });
    });
  }
}
