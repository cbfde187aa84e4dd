import { NOTIFIED_EVENT_TYPES, type NotificationEvent } from '@cafe/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import {
  isWrongExpectedRevision,
  streamName,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  type Subscription,
} from '../platform/event-store/event-store.js';
import type { Mailer, MailMessage } from '../platform/mailer/mailer.js';
import { appendDecided } from '../platform/commands/command-pipeline.js';
import { asError } from '../platform/errors.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { ReactorCheckpoint } from './notifications-reactor-checkpoint.js';

export { REACTOR_CHECKPOINTS } from './notifications-reactor-checkpoint.js';

/**
 * The e-mail reactor's delivery: it follows $all and sends what notification-composer.ts writes for
 * an event (NOTIFIED_EVENT_TYPES): the guest's mail, and for a party request a second one to the café.
 *
 * Exactly one mail per event and recipient, across restarts and processes, is recorded in the event
 * store itself, in stream notification-<source event id> (the guest's) or notification-<id>-cafe:
 *   NotificationClaimed   appended BEFORE sending, expecting the revision last seen (no_stream the
 *                         first time). Only one process can win that append, so only one sends.
 *   NotificationSent      after the mail server (or the outbox) accepted the message. Terminal.
 *   NotificationFailed    the send was refused: nothing went out, so it is retried with backoff,
 *                         each retry claiming again, up to MAX_ATTEMPTS.
 *   NotificationAbandoned found at start-up: a claim with no outcome means the process stopped
 *                         mid-send, and nobody can know whether the mail left. Terminal.
 * Claim-then-send makes the crash window at-most-once (a mail may be lost, never duplicated);
 * send-then-record would make it at-least-once (a mail may go twice). A duplicate confirmation or
 * a second "approved" mail confuses guests more than a rare lost one, which staff can see with
 * `npm run ops -- events --stream notification-<id>`; and a known failure is retried anyway.
 *
 * At start-up the reactor reads $all from its stored checkpoint (REACTOR_CHECKPOINTS: the position
 * up to which every event's mails are settled), noting which notifications are settled, and only then
 * mails what is left; from then on it follows live. A dropped subscription is resumed from the last
 * event seen, with backoff, and `behindBecause` says so meanwhile (/readyz answers 503).
 * Which events get a mail:
 *  - after the stored checkpoint: every one, however long the process or its subscription was down,
 *    unless the event is more than LONG_PAST_MS (30 days) old: a confirmation a month late confuses a
 *    guest more than it helps (logged at warn, so staff can follow up);
 *  - with no usable checkpoint (a first start on a restored or imported log, or one beyond the log's
 *    head): only events less than MAX_AGE_MS (3 days) old, so a restore does not mail every guest
 *    the café ever had.
 */
export const NOTIFICATION_CATEGORY = 'notification';
/** Who a mail of an event goes to: each has its own claim stream, so each goes out once. */
export const NOTIFICATION_RECIPIENTS = ['guest', 'cafe'] as const;
export type NotificationRecipient = (typeof NOTIFICATION_RECIPIENTS)[number];
/** One mail the composer wants sent for an event. */
export interface Notification {
  recipient: NotificationRecipient;
  message: MailMessage;
}
/** Who an event can mail at most: the composer decides, per event, which of them it does. */
const recipientsOf = (event: RecordedEvent): readonly NotificationRecipient[] =>
  event.type === 'PartyBookingRequested' ? NOTIFICATION_RECIPIENTS : ['guest'];
export const notificationStream = (sourceEventId: string, recipient: NotificationRecipient = 'guest') =>
  streamName(NOTIFICATION_CATEGORY, recipient === 'guest' ? sourceEventId : `${sourceEventId}-${recipient}`);

export const MAX_ATTEMPTS = 5;
/** Wait before attempt 2, 3, 4, 5. */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000];
/**
 * Events older than this when first seen get no mail: a store imported or restored from a backup must
 * not mail every guest it ever had.
 */
export const MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
/** Events after the stored checkpoint older than this get no mail: a booking long past. */
export const LONG_PAST_MS = 30 * 24 * 60 * 60 * 1000;
/** 0.25 s, 0.5 s, 1 s … up to 30 s between attempts while the event store is unreachable. */
const RESUBSCRIBE_BACKOFF = (attempt: number) => Math.min(30_000, 250 * 2 ** attempt);

interface Progress {
  /** Revision of the last event in the notification stream. */
  revision: bigint;
  last: NotificationEvent['type'];
  attempts: number;
}
/** What catch-up learned of an event's mails, by claim stream: settled, or where it stopped. */
type Known = Map<string, Progress | 'settled'>;

export interface ReactorDeps {
  eventStore: EventStore;
  /** What to send for an event (none, or one per recipient): the mails' wording lives in notification-composer.ts. */
  compose: (event: RecordedEvent) => Promise<Notification[]>;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** Default RETRY_DELAYS_MS. */
  retryDelaysMs?: number[];
  /** The mail queue's length, mails sent and refused sends, for /metrics. */
  metrics?: Pick<Metrics, 'mailQueue' | 'mailsSent' | 'mailFailures'>;
  /** Where the checkpoint is kept (the read models' store); without it every start is a first start. */
  checkpoints?: DocumentStore;
  /** Wait before the n-th attempt (0-based) to subscribe again after the subscription dropped. */
  resubscribeDelayMs?: (attempt: number) => number;
  /** How often, at most, the checkpoint is written while mails go out. Default 1 s. */
  checkpointEveryMs?: number;
}

export class NotificationsReactor {
  private subscription: Subscription | null = null;
  private live = false;
  private stopped = false;
  /** Relevant events seen during catch-up and not yet settled, by id. */
  private readonly pending = new Map<string, RecordedEvent>();
  /** By claim stream, during catch-up. */
  private readonly progress: Known = new Map();
  private readonly timers = new Set<NodeJS.Timeout>();
  private queue: Promise<void> = Promise.resolve();
  private caughtUp!: Promise<void>;
  /** Position of the last event delivered by the subscription. */
  private seen = 0n;
  /** Events older than this get no mail (see the rules above). */
  private maxAgeMs = MAX_AGE_MS;
  /** Set while the subscription is down and being re-established. */
  private dropped: unknown = null;
  private attempts = 0;
  private resubscribe: NodeJS.Timeout | null = null;
  private readonly checkpoint: ReactorCheckpoint;

  constructor(private readonly deps: ReactorDeps) {
    this.checkpoint = new ReactorCheckpoint(
      { documents: deps.checkpoints, clock: deps.clock, logger: deps.logger, everyMs: deps.checkpointEveryMs },
      () => this.seen,
    );
  }

  /** Why mails are not going out (the subscription dropped and is being resumed), or null. */
  get behindBecause(): string | null {
    return this.dropped === null ? null : asError(this.dropped).message;
  }

  /** Resolves once the stored history has been read and the unsettled mails are queued. */
  async start(): Promise<void> {
    const after = await this.startFrom();
    this.seen = after;
    this.caughtUp = new Promise((resolve, reject) => this.subscribe(after, resolve, reject));
    await this.caughtUp;
  }

  /** `failed` only until the first catch-up: after it, a dropped subscription is resumed, with backoff. */
  private subscribe(after: bigint, caughtUp: () => void, failed: (error: Error) => void): void {
    this.subscription = this.deps.eventStore.subscribeToAll((event) => this.onEvent(event), {
      after,
      onCaughtUp: () => {
        if (this.dropped !== null) this.deps.logger.info({ position: this.seen.toString() }, 'notifications subscription resumed');
        this.dropped = null;
        this.attempts = 0;
        if (!this.live) {
          this.live = true;
          this.resumePending();
        }
        caughtUp();
      },
      onError: (error) => {
        if (this.stopped) return;
        if (!this.live) {
          this.deps.logger.error({ err: error }, 'notifications subscription failed');
          return failed(asError(error));
        }
        this.dropped = error;
        const delayMs = (this.deps.resubscribeDelayMs ?? RESUBSCRIBE_BACKOFF)(this.attempts++);
        this.deps.logger.error(
          { err: error, position: this.seen.toString(), attempt: this.attempts, delayMs },
          'notifications subscription dropped: no mail goes out until it is resumed from the last event seen',
        );
        this.resubscribe = setTimeout(() => {
          this.resubscribe = null;
          if (!this.stopped)
            this.subscribe(
              this.seen,
              () => undefined,
              () => undefined,
            );
        }, delayMs);
        this.resubscribe.unref();
      },
    });
  }

  /**
   * The stored checkpoint when there is one the log can hold; otherwise (first start, a restored log)
   * after the newest event a day older than MAX_AGE_MS, with that age limit.
   */
  private async startFrom(): Promise<bigint> {
    const position = await this.checkpoint.load();
    if (position !== null) {
      const head = await this.deps.eventStore.headPosition();
      if (position <= head) {
        this.maxAgeMs = LONG_PAST_MS;
        this.checkpoint.resumedAt(position);
        return position;
      }
      this.deps.logger.error(
        { checkpoint: position.toString(), head: head.toString() },
        "the notifications checkpoint lies beyond the event log's head (a restore?): mailing only the last days' events",
      );
    }
    return this.catchUpFrom();
  }

  /**
   * Where catch-up starts: after the newest event a day older than the mailing age limit. Older events
   * get no mail whatever their notification history, so a restart reads days of events, not years.
   */
  private async catchUpFrom(): Promise<bigint> {
    const cutoff = this.deps.clock.now().getTime() - MAX_AGE_MS - 24 * 60 * 60 * 1000;
    let before: bigint | undefined;
    for (;;) {
      const page = await this.deps.eventStore.readAll({ direction: 'backwards', after: before, maxCount: 500 });
      if (page.length === 0) return 0n;
      const old = page.find((e) => Date.parse(e.metadata.occurredAt) < cutoff);
      if (old) return old.position;
      before = page[page.length - 1]!.position;
    }
  }

  /** Resolves once every event stored so far has been seen and its mail handled (tests, operators). */
  async idle(timeoutMs = 10_000): Promise<void> {
    await this.caughtUp;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const head = await this.deps.eventStore.headPosition();
      const queued = this.queue;
      await queued;
      if (this.seen >= head && queued === this.queue) return;
      if (Date.now() > deadline) throw new Error(`notifications did not settle within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.resubscribe) clearTimeout(this.resubscribe);
    for (const timer of this.timers) clearTimeout(timer);
    this.deps.metrics?.mailQueue.dec(this.timers.size);
    this.timers.clear();
    await this.subscription?.close();
    await this.queue;
    if (this.live) await this.checkpoint.save();
    await this.deps.mailer.close();
  }

  private onEvent(event: RecordedEvent): void {
    // A resumed subscription may hand over again what the dropped one delivered last.
    if (event.position <= this.seen) return;
    this.seen = event.position;
    const notified = (NOTIFIED_EVENT_TYPES as readonly string[]).includes(event.type);
    if (this.live) {
      if (notified) this.enqueue(event, undefined);
      this.checkpoint.schedule();
      return;
    }
    if (notified) {
      this.pending.set(event.id, event);
      return;
    }
    if (!event.streamId.startsWith(`${NOTIFICATION_CATEGORY}-`)) return;
    const e = { type: event.type, data: event.data } as NotificationEvent;
    if (e.type === 'NotificationSent' || e.type === 'NotificationAbandoned') {
      this.progress.set(event.streamId, 'settled');
      return;
    }
    const before = this.progress.get(event.streamId);
    if (before === 'settled') return;
    this.progress.set(event.streamId, {
      revision: event.revision,
      last: e.type,
      attempts: e.type === 'NotificationClaimed' ? e.data.attempt : (before?.attempts ?? 0),
    });
  }

  private resumePending(): void {
    for (const [id, event] of this.pending) {
      const known: Known = new Map();
      for (const recipient of NOTIFICATION_RECIPIENTS) {
        const stream = notificationStream(id, recipient);
        const progress = this.progress.get(stream);
        if (!progress) continue;
        if (progress !== 'settled' && progress.last === 'NotificationClaimed') {
          this.queue = this.queue.then(() => this.abandon(event, stream, progress));
          known.set(stream, 'settled');
        } else {
          known.set(stream, progress !== 'settled' && progress.attempts >= MAX_ATTEMPTS ? 'settled' : progress);
        }
      }
      // Settled for everyone it can mail: nothing to compose again.
      if (recipientsOf(event).every((recipient) => known.get(notificationStream(id, recipient)) === 'settled')) continue;
      this.enqueue(event, known);
    }
    this.pending.clear();
    this.progress.clear();
  }

  /** `known`: what catch-up or a failed attempt learned; `only`: a retry of one recipient's mail. */
  private enqueue(event: RecordedEvent, known?: Known, only?: NotificationRecipient): void {
    const queueLength = this.deps.metrics?.mailQueue;
    queueLength?.inc();
    this.checkpoint.hold(event.position);
    this.queue = this.queue
      .then(() => this.notify(event, known, only))
      .catch((err) => {
        this.deps.logger.error({ err, eventId: event.id, type: event.type }, 'notification failed unexpectedly');
      })
      .finally(() => {
        queueLength?.dec();
        this.checkpoint.release(event.position);
        if (this.live && !this.stopped) this.checkpoint.schedule();
      });
  }

  private async notify(event: RecordedEvent, known: Known | undefined, only: NotificationRecipient | undefined): Promise<void> {
    if (this.stopped) return;
    const age = this.deps.clock.now().getTime() - Date.parse(event.metadata.occurredAt);
    if (!known?.size && age > this.maxAgeMs) {
      // Resumed from a checkpoint, an event this old is news to staff (warn); on a first start's
      // look back over the last days, old bookings are the norm (debug).
      const level = this.maxAgeMs === LONG_PAST_MS ? 'warn' : 'debug';
      this.deps.logger[level](
        { eventId: event.id, type: event.type, ageDays: Math.floor(age / 86_400_000) },
        'no mail for an event this old',
      );
      return;
    }
    for (const { recipient, message } of await this.deps.compose(event)) {
      if (this.stopped) return;
      if ((only && recipient !== only) || !message.to) continue;
      const stream = notificationStream(event.id, recipient);
      const progress = known?.get(stream);
      if (progress === 'settled' || (!progress && age > this.maxAgeMs)) continue;
      await this.deliver(event, recipient, stream, message, progress);
    }
  }

  private async deliver(
    event: RecordedEvent,
    recipient: NotificationRecipient,
    stream: string,
    message: MailMessage,
    progress: Progress | undefined,
  ): Promise<void> {
    const { logger } = this.deps;
    const attempt = (progress?.attempts ?? 0) + 1;
    let revision: bigint;
    try {
      revision = await this.append(stream, event, progress ? progress.revision : 'no_stream', {
        type: 'NotificationClaimed',
        data: { sourceEventId: event.id, sourceType: event.type, to: message.to, subject: message.subject, attempt },
      });
    } catch (error) {
      if (isWrongExpectedRevision(error)) return; // another process claimed it, or it is already settled
      throw error;
    }
    let sent;
    try {
      sent = await this.deps.mailer.send(message);
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      this.deps.metrics?.mailFailures.inc();
      logger.warn({ err: error, correlationId: event.metadata.correlationId, eventId: event.id, attempt }, 'mail not sent');
      const failedAt = await this.append(stream, event, revision, {
        type: 'NotificationFailed',
        data: { sourceEventId: event.id, attempt, error: text.slice(0, 500) },
      });
      if (attempt < MAX_ATTEMPTS)
        this.retryLater(event, recipient, stream, { revision: failedAt, last: 'NotificationFailed', attempts: attempt });
      return;
    }
    await this.append(stream, event, revision, {
      type: 'NotificationSent',
      data: {
        sourceEventId: event.id,
        transport: sent.transport,
        messageId: sent.messageId,
        ...(sent.file ? { file: sent.file } : {}),
      },
    });
    this.deps.metrics?.mailsSent.inc({ transport: sent.transport });
    // The booking's correlation id: the request that made it, its append and this send share it.
    logger.info(
      {
        correlationId: event.metadata.correlationId,
        eventId: event.id,
        type: event.type,
        recipient,
        transport: sent.transport,
        messageId: sent.messageId,
        attempt,
      },
      'notification sent',
    );
  }

  private async abandon(event: RecordedEvent, stream: string, progress: Progress): Promise<void> {
    this.deps.logger.warn(
      { eventId: event.id, type: event.type, stream },
      'a mail was being sent when the process stopped; not resending (at-most-once)',
    );
    try {
      await this.append(stream, event, progress.revision, {
        type: 'NotificationAbandoned',
        data: { sourceEventId: event.id, reason: 'The process stopped while sending; the outcome is unknown.' },
      });
    } catch (error) {
      if (!isWrongExpectedRevision(error)) throw error;
    }
  }

  private retryLater(event: RecordedEvent, recipient: NotificationRecipient, stream: string, progress: Progress): void {
    if (this.stopped) return;
    const delays = this.deps.retryDelaysMs ?? RETRY_DELAYS_MS;
    const delay = delays[Math.min(progress.attempts - 1, delays.length - 1)]!;
    // A mail waiting for its retry is still in the queue, as far as an operator is concerned (and
    // the checkpoint stays before its event).
    this.deps.metrics?.mailQueue.inc();
    this.checkpoint.hold(event.position);
    const timer = setTimeout(() => {
      this.deps.metrics?.mailQueue.dec();
      this.timers.delete(timer);
      this.enqueue(event, new Map([[stream, progress]]), recipient);
      this.checkpoint.release(event.position);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private async append(
    stream: string,
    cause: RecordedEvent,
    expectedRevision: ExpectedRevision,
    event: NotificationEvent,
  ): Promise<bigint> {
    const context = {
      actor: { kind: 'system', name: 'notifications' } as const,
      correlationId: cause.metadata.correlationId,
      causationId: cause.id,
    };
    // The commands' append path (ids for a retry, one log line), without a logger: mail progress is logged by the reactor.
    const [result] = await appendDecided({ eventStore: this.deps.eventStore, clock: this.deps.clock }, context, [
      { streamId: stream, events: [event], expectedRevision },
    ]);
    return result!.nextExpectedRevision;
  }
}
