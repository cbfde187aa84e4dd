/**
 * The reactor's mail work: up to `limit` mails in flight at once, so their claims and outcomes share
 * the event store's group commits (one after another, each mail cost two commits and two fsyncs of its
 * own), while the mails of one booking still go out in the order of its events: a guest never gets
 * "cancelled" before "confirmed" (a refused send's retry, minutes later, is queued anew behind them).
 */
export interface Pace {
  /** Whether the gateway is answering changes now. */
  busy: () => boolean;
  /** Meanwhile, one mail starts this often. */
  trickleMs: number;
}

/** How soon the mails waiting for their turn notice the gateway is quiet again. */
const QUIET_CHECK_MS = 5;

interface Entry {
  key: string;
  task: () => Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class MailWorkQueue {
  private running = 0;
  /** Tasks queued or running. */
  private count = 0;
  /**
   * Tasks waiting for a slot or their turn, in order, read from `head`. A waiting mail is this entry and
   * nothing more: during a rush thousands wait, and a chain of promises and closures each (as this queue
   * once built at once) outlived every young-generation collection, copied and promoted by each.
   */
  private queue: Entry[] = [];
  private head = 0;
  /** Keys with a task running, each with the tasks of that key waiting behind it, in order. */
  private readonly behind = new Map<string, Entry[]>();
  private pumping = false;
  private drains: (() => void)[] = [];

  private nextTrickleAt = 0;
  /** The one timer that looks at the waiting mails again while busy. */
  private gateTimer: NodeJS.Timeout | null = null;

  /**
   * `busy`: whether the gateway is answering changes now. Mail is background work: meanwhile a mail
   * starts only every `trickleMs`, so a rush of bookings is answered first and its mails follow as it
   * eases (at full speed then, `limit` at once); a café's ordinary day is never busy for long.
   */
  constructor(
    private readonly limit: number,
    private readonly pace: Pace = { busy: () => false, trickleMs: 0 },
  ) {}

  /** Tasks queued or running. */
  get size(): number {
    return this.count;
  }

  /** Runs `task` after the tasks queued before it under the same key, once a slot is free. Its failure is the caller's to handle. */
  push(key: string, task: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.count++;
      this.queue.push({ key, task, resolve, reject });
      // Started on a later microtask, never inside the caller's turn.
      if (!this.pumping) {
        this.pumping = true;
        queueMicrotask(() => {
          this.pumping = false;
          this.pump();
        });
      }
    });
  }

  /** Resolves once nothing is queued or running, including what the tasks queued meanwhile. */
  drained(): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => this.drains.push(resolve));
  }

  private pump(): void {
    while (this.running < this.limit && this.head < this.queue.length) {
      const entry = this.queue[this.head]!;
      const behind = this.behind.get(entry.key);
      if (behind) {
        // Its booking has a mail under way: it follows that one, in order.
        this.take();
        behind.push(entry);
        continue;
      }
      if (!this.mayStart()) {
        this.gateTimer ??= setTimeout(() => {
          this.gateTimer = null;
          this.pump();
        }, QUIET_CHECK_MS);
        return;
      }
      this.take();
      this.run(entry);
    }
  }

  /** The head entry taken out; the array is cut once most of it is read. */
  private take(): void {
    this.head++;
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head >= 1024 && this.head * 2 >= this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
  }

  private run(entry: Entry): void {
    this.running++;
    if (!this.behind.has(entry.key)) this.behind.set(entry.key, []);
    let running: Promise<void>;
    try {
      running = entry.task();
    } catch (error) {
      running = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    running.then(entry.resolve, entry.reject).finally(() => this.done(entry.key));
  }

  /** A task settled: the next of its key follows at once in the slot it frees, else the queue moves on. */
  private done(key: string): void {
    this.running--;
    this.count--;
    const next = this.behind.get(key)!.shift();
    if (next) this.run(next);
    else this.behind.delete(key);
    this.pump();
    if (this.count === 0) {
      const drains = this.drains;
      this.drains = [];
      for (const resolve of drains) resolve();
    }
  }

  /** While busy, one start per trickle period. */
  private mayStart(): boolean {
    if (!this.pace.busy()) return true;
    const now = Date.now();
    if (now >= this.nextTrickleAt) {
      this.nextTrickleAt = now + this.pace.trickleMs;
      return true;
    }
    return false;
  }
}
