import type { Position } from '../event-store/event-store.js';

/**
 * Read-your-writes: requests waiting until the read models hold a position. Each wait is bounded, so
 * a stuck projector turns into a clear error, not a hung request.
 */
export class PositionWaiters {
  private waiters: { position: Position; resolve: () => void }[] = [];
  /** Last position whose documents are written. */
  reached: Position = 0n;

  waitFor(position: Position, timeoutMs: number): Promise<void> {
    if (this.reached >= position) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`Read models did not reach position ${position} within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = {
        position,
        resolve() {
          clearTimeout(timer);
          resolve();
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** Everything up to `position` is written: its waiters go on. */
  reach(position: Position): void {
    this.reached = position;
    if (this.waiters.length === 0) return;
    const done = this.waiters.filter((w) => w.position <= position);
    this.waiters = this.waiters.filter((w) => w.position > position);
    for (const w of done) w.resolve();
  }
}
