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

export class MailWorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The last task queued per key: the next one of that key starts after it. */
  private readonly tails = new Map<string, Promise<void>>();
  private readonly unsettled = new Set<Promise<void>>();

  private nextTrickleAt = 0;
  /** Mails waiting for their turn while busy, in order, and the one timer that looks at them again. */
  private readonly gate: (() => void)[] = [];
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
    return this.unsettled.size;
  }

  /** Runs `task` after the tasks queued before it under the same key, once a slot is free. Its failure is the caller's to handle. */
  push(key: string, task: () => Promise<void>): Promise<void> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const done = before
      .then(() => this.slot())
      .then(async () => {
        await this.turn();
        try {
          await task();
        } finally {
          this.free();
        }
      });
    const settled = done.catch(() => undefined);
    this.tails.set(key, settled);
    this.unsettled.add(settled);
    void settled.then(() => {
      this.unsettled.delete(settled);
      if (this.tails.get(key) === settled) this.tails.delete(key);
    });
    return done;
  }

  /** Resolves once nothing is queued or running, including what the tasks queued meanwhile. */
  async drained(): Promise<void> {
    while (this.unsettled.size > 0) await Promise.all([...this.unsettled]);
  }

  /**
   * While busy, one start per trickle period.
   * Mails that must wait queue at one gate, looked at by one timer (not a timer per waiting mail: with a
   * hundred mails waiting, their timers alone cost a rush thousands of wake-ups a second).
   */
  private turn(): Promise<void> {
    if (this.gate.length === 0 && this.mayStart()) return Promise.resolve();
    return new Promise((resolve) => {
      this.gate.push(resolve);
      this.gateTimer ??= setTimeout(() => this.openGate(), QUIET_CHECK_MS);
    });
  }

  private openGate(): void {
    this.gateTimer = null;
    while (this.gate.length > 0 && this.mayStart()) this.gate.shift()!();
    if (this.gate.length > 0) this.gateTimer = setTimeout(() => this.openGate(), QUIET_CHECK_MS);
  }

  private mayStart(): boolean {
    if (!this.pace.busy()) return true;
    const now = Date.now();
    if (now >= this.nextTrickleAt) {
      this.nextTrickleAt = now + this.pace.trickleMs;
      return true;
    }
    return false;
  }

  private slot(): Promise<void> {
    if (this.running < this.limit) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.waiting.push(() => {
        this.running++;
        resolve();
      }),
    );
  }

  private free(): void {
    this.running--;
    this.waiting.shift()?.();
  }
}
