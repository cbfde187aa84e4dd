import type { Logger } from 'pino';
import type { EventStore, Position, RecordedEvent, Subscription } from '../event-store/event-store.js';
import { asError } from '../errors.js';

/** 0.25 s, 0.5 s, 1 s … up to 30 s between attempts while the event store is unreachable. */
const RESUBSCRIBE_BACKOFF = (attempt: number) => Math.min(30_000, 250 * 2 ** attempt);

export interface ResumingSubscriptionOptions {
  events: EventStore;
  logger?: Logger;
  /** Wait before the n-th attempt (0-based) to subscribe again after the subscription dropped. */
  resubscribeDelayMs?: (attempt: number) => number;
  /** Runs fn after every live application already queued (the engine's lock). */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Last position handed to the projections: where a resumed subscription starts after. */
  position(): Position;
  /** Applies one delivered event (under the lock). */
  deliver(event: RecordedEvent): Promise<void>;
  /** Writes what was applied (under the lock), each time the subscription has caught up. */
  caughtUp(): Promise<void>;
}

/**
 * The engine's live subscription to $all. A dropped subscription (the event store restarted, the
 * connection broke) is re-established from the last position handed to the projections, with
 * backoff: no event is skipped, and none applied twice (checkpoints and `_appliedAt` would drop a
 * repeat anyway).
 */
export class ResumingSubscription {
  private subscription: Subscription | null = null;
  /** Set while the subscription is down and being re-established: the read models are behind. */
  private dropped: unknown = null;
  private attempts = 0;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The first catch-up is written: failures from then on are retried, not reported to start(). */
  private started = false;

  constructor(private readonly options: ResumingSubscriptionOptions) {}

  /** Why the read models are behind (a dropped subscription being resumed), or null. */
  get behindBecause(): string | null {
    return this.dropped === null ? null : asError(this.dropped).message;
  }

  /**
   * `onCaughtUp` runs after every catch-up (the first, and each resumed subscription's). `onFailed`
   * only for the first: a resumed catch-up whose write fails resubscribes again, with backoff.
   */
  start(onCaughtUp: () => void, onFailed: (error: Error) => void): void {
    const { options } = this;
    const subscription = options.events.subscribeToAll((event) => options.withLock(() => options.deliver(event)), {
      after: options.position(),
      onCaughtUp: () => {
        void options
          .withLock(() => options.caughtUp())
          .then(
            () => {
              if (this.dropped !== null)
                options.logger?.info({ position: options.position().toString() }, 'projection subscription resumed');
              this.dropped = null;
              this.attempts = 0;
              this.started = true;
              onCaughtUp();
            },
            (error: unknown) => {
              if (!this.started) return onFailed(asError(error));
              // The writes are kept (see the engine's flush): a fresh subscription's catch-up writes them.
              void subscription.close().catch(() => undefined);
              this.resubscribeLater(error, 'writing the read models after resubscribing failed: resubscribing', onCaughtUp, onFailed);
            },
          );
      },
      onError: (error) =>
        this.resubscribeLater(error, 'projection subscription dropped: resubscribing from the last position', onCaughtUp, onFailed),
    });
    this.subscription = subscription;
  }

  private resubscribeLater(error: unknown, why: string, onCaughtUp: () => void, onFailed: (error: Error) => void): void {
    const { options } = this;
    if (this.stopped) return;
    this.dropped = error;
    const delay = (options.resubscribeDelayMs ?? RESUBSCRIBE_BACKOFF)(this.attempts++);
    options.logger?.warn({ err: error, position: options.position().toString(), attempt: this.attempts, delayMs: delay }, why);
    this.retry = setTimeout(() => {
      this.retry = null;
      // Under the lock: every event already delivered is applied, so `position` is where to resume.
      void options.withLock(async () => {
        if (!this.stopped) this.start(onCaughtUp, onFailed);
      });
    }, delay);
  }

  /** No more attempts to resubscribe; delivery goes on until close. */
  halt(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
  }

  async close(): Promise<void> {
    this.halt();
    await this.subscription?.close();
    this.subscription = null;
  }
}
