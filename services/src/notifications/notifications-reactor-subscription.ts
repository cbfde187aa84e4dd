import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { EventStore, RecordedEvent, Subscription } from '../platform/event-store/event-store.js';
import { asError } from '../platform/errors.js';
import type { ReactorCheckpoint } from './notifications-reactor-checkpoint.js';
import { LONG_PAST_MS, MAX_AGE_MS } from './notifications-reactor-streams.js';

// Where the reactor starts reading $all and how it stays subscribed, apart from what it does with the
// events: the reactor file keeps the mail queue.

/** 0.25 s, 0.5 s, 1 s … up to 30 s between attempts while the event store is unreachable. */
const RESUBSCRIBE_BACKOFF = (attempt: number) => Math.min(30_000, 250 * 2 ** attempt);

export interface ReactorSubscriptionDeps {
  eventStore: EventStore;
  logger: Logger;
  /** Wait before the n-th attempt (0-based) to subscribe again after the subscription dropped, or failed at start. */
  resubscribeDelayMs?: (attempt: number) => number;
  onEvent: (event: RecordedEvent) => void;
  /** Once, at the first catch-up: the stored history has been read. */
  onLive: () => void;
  /** Position of the last event the reactor has seen: a dropped subscription resumes after it. */
  seen: () => bigint;
}

/** The reactor's subscription to $all: a failed start is tried again, a drop after it resumed, with backoff. */
export class ReactorSubscription {
  private subscription: Subscription | null = null;
  private live = false;
  private stopped = false;
  /** Set while the subscription is down and being re-established. */
  private dropped: unknown = null;
  private attempts = 0;
  private resubscribe: NodeJS.Timeout | null = null;
  /** Why the last attempt to start failed, while it is tried again; null once started. */
  private startFailure: unknown = null;

  constructor(private readonly deps: ReactorSubscriptionDeps) {}

  /** Why events are not arriving (the subscription dropped and is being resumed), or null. */
  get behindBecause(): string | null {
    if (this.startFailure !== null) return `reading the event log failed at start, trying again: ${asError(this.startFailure).message}`;
    return this.dropped === null ? null : asError(this.dropped).message;
  }

  /**
   * Subscribes after the position `from` answers, asked again at each attempt. `attempted` resolves at
   * the first catch-up, or once the first attempt failed: it is then tried again with backoff and
   * `behindBecause` says why. Never a rejection: a process that exited over it would be restarted onto
   * the same failure for ever. `caughtUp` resolves at the first catch-up.
   */
  start(from: () => Promise<bigint>): { attempted: Promise<void>; caughtUp: Promise<void> } {
    let caughtUp!: () => void;
    const first = new Promise<void>((resolve) => (caughtUp = resolve));
    const attempt = async (n: number): Promise<void> => {
      try {
        // A start tried again: the subscription that failed is closed first.
        await this.subscription?.close().catch(() => undefined);
        const after = await from();
        if (this.stopped) return;
        await new Promise<void>((resolve, reject) => this.subscribe(after, resolve, reject));
        if (this.startFailure !== null) this.deps.logger.info({ position: after.toString() }, 'notifications started after all');
        this.startFailure = null;
        caughtUp();
      } catch (err) {
        if (this.stopped) return;
        this.startFailure = err;
        const delayMs = (this.deps.resubscribeDelayMs ?? RESUBSCRIBE_BACKOFF)(n);
        this.deps.logger.error(
          { err, attempt: n + 1, delayMs },
          'notifications could not start reading the event log: trying again (no mail goes out meanwhile)',
        );
        this.resubscribe = setTimeout(() => void attempt(n + 1), delayMs);
        this.resubscribe.unref();
      }
    };
    return { attempted: attempt(0), caughtUp: first };
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.resubscribe) clearTimeout(this.resubscribe);
    await this.subscription?.close();
  }

  /** `failed` only until the first catch-up: after it, a dropped subscription is resumed, with backoff. */
  private subscribe(after: bigint, caughtUp: () => void, failed: (error: Error) => void): void {
    const { logger } = this.deps;
    this.subscription = this.deps.eventStore.subscribeToAll(this.deps.onEvent, {
      after,
      onCaughtUp: () => {
        if (this.dropped !== null) logger.info({ position: this.deps.seen().toString() }, 'notifications subscription resumed');
        this.dropped = null;
        this.attempts = 0;
        if (!this.live) {
          this.live = true;
          this.deps.onLive();
        }
        caughtUp();
      },
      onError: (error) => {
        if (this.stopped) return;
        if (!this.live) return failed(asError(error));
        this.dropped = error;
        const delayMs = (this.deps.resubscribeDelayMs ?? RESUBSCRIBE_BACKOFF)(this.attempts++);
        logger.error(
          { err: error, position: this.deps.seen().toString(), attempt: this.attempts, delayMs },
          'notifications subscription dropped: no mail goes out until it is resumed from the last event seen',
        );
        this.resubscribe = setTimeout(() => {
          this.resubscribe = null;
          if (!this.stopped)
            this.subscribe(
              this.deps.seen(),
              () => undefined,
              () => undefined,
            );
        }, delayMs);
        this.resubscribe.unref();
      },
    });
  }
}

/**
 * The stored checkpoint when it is the position of an event in the log, with the LONG_PAST_MS age limit;
 * otherwise (first start, a restored log, a checkpoint that is no event's) after the newest event a day
 * older than MAX_AGE_MS, with that age limit.
 */
export async function startPosition(
  deps: { eventStore: EventStore; clock: Clock; logger: Logger },
  checkpoint: ReactorCheckpoint,
): Promise<{ after: bigint; maxAgeMs: number }> {
  const position = await checkpoint.load();
  if (position !== null) {
    const head = await deps.eventStore.headPosition();
    if (position > head) {
      deps.logger.error(
        { checkpoint: position.toString(), head: head.toString() },
        "the notifications checkpoint lies beyond the event log's head (a restore?): mailing only the last days' events",
      );
    } else if (await isEventPosition(deps, position)) {
      checkpoint.resumedAt(position);
      return { after: position, maxAgeMs: LONG_PAST_MS };
    } else {
      deps.logger.warn(
        { checkpoint: position.toString(), head: head.toString() },
        "the notifications checkpoint is no event's position in the log (written by an older version, or another log's): mailing only the last days' events",
      );
    }
  }
  return { after: await catchUpFrom(deps), maxAgeMs: MAX_AGE_MS };
}

/**
 * Whether an event lies at `position` (0: the log's start): the event before it, then the one after
 * that, must be it. EventStoreDB refuses to read from inside a record; whether a failure is that or
 * an unreachable store, reading the head tells (and throws for the latter: the start is tried again).
 */
async function isEventPosition(deps: { eventStore: EventStore; logger: Logger }, position: bigint): Promise<boolean> {
  if (position === 0n) return true;
  try {
    const [before] = await deps.eventStore.readAll({ direction: 'backwards', after: position, maxCount: 1 });
    const [at] = await deps.eventStore.readAll({ after: before?.position ?? 0n, maxCount: 1 });
    return at?.position === position;
  } catch (err) {
    await deps.eventStore.headPosition();
    deps.logger.warn({ err, checkpoint: position.toString() }, 'the event store refused to read from the notifications checkpoint');
    return false;
  }
}

/**
 * Where catch-up starts: after the newest event a day older than the mailing age limit. Older events
 * get no mail whatever their notification history, so a restart reads days of events, not years.
 */
async function catchUpFrom(deps: { eventStore: EventStore; clock: Clock }): Promise<bigint> {
  const cutoff = deps.clock.now().getTime() - MAX_AGE_MS - 24 * 60 * 60 * 1000;
  let before: bigint | undefined;
  for (;;) {
    const page = await deps.eventStore.readAll({ direction: 'backwards', after: before, maxCount: 500 });
    if (page.length === 0) return 0n;
    const old = page.find((e) => Date.parse(e.metadata.occurredAt) < cutoff);
    if (old) return old.position;
    before = page[page.length - 1]!.position;
  }
}
