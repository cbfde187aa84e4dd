import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { EventStore, RecordedEvent } from '../platform/event-store/event-store.js';
import type { Mailer } from '../platform/mailer/mailer.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { ReactorCheckpoint } from './notifications-reactor-checkpoint.js';
import { CatchUpLedger } from './notifications-reactor-catch-up.js';
import { abandon, deliver, newAttempt, skip, type DeliveryDeps, type MailAttempt } from './notifications-reactor-delivery.js';
import { NotificationAppends } from './notifications-reactor-appends.js';
import { NotificationBatches } from './notification-batches.js';
import { ReactorSubscription, startPosition } from './notifications-reactor-subscription.js';
import { MailWorkQueue } from './mail-work-queue.js';
import { RetryTimers } from './notifications-reactor-retries.js';
import {
  LONG_PAST_MS,
  MAX_AGE_MS,
  notificationStream,
  type Known,
  type Notification,
  type NotificationRecipient,
  type Progress,
  type RecipientsOf,
} from './notifications-reactor-streams.js';

export { REACTOR_CHECKPOINTS } from './notifications-reactor-checkpoint.js';
export { notificationStream, type Notification, type NotificationRecipient } from './notifications-reactor-streams.js';

/** Mails being claimed, sent and recorded at once (see MailWorkQueue). */
const MAILS_IN_FLIGHT = 128;
/**
 * While the gateway answers a rush of changes, one mail starts this often (20 a second). Letting more start
 * whenever the event loop had time to spare (waiting on the log's fsyncs) was measured and left out: it
 * raised the gateway's p99 at 10 connections past twice the event-store floor's for an all-in gain within noise.
 */
const TRICKLE_MS = 50;

export interface ReactorDeps {
  eventStore: EventStore;
  /** Who an event may mail (none: an event no slice mails about, not followed): the slices' composers say. */
  recipientsOf: RecipientsOf;
  /** What to send for an event (none, or one per recipient): the mails' wording lives in the slices' composers. */
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
  /** Wait before the n-th attempt (0-based) to subscribe again after the subscription dropped, or failed at start. */
  resubscribeDelayMs?: (attempt: number) => number;
  /** Whether the gateway is answering changes now: mails then give way (MailWorkQueue). */
  busy?: () => boolean;
  /** How often, at most, the checkpoint is written while mails go out. Default 1 s. */
  checkpointEveryMs?: number;
}

/**
 * The e-mail reactor's delivery: it follows $all and sends what the slices' composers write for an
 * event (MailComposer, platform/mailer/mail-composer.ts): the guest's mail, and for some (a party request)
 * a second one to the café. It knows no slice and no mail's wording.
 *
 * At most one mail per event and recipient, across restarts and processes (a refused send is retried;
 * a process stopped mid-send may lose one, never send it twice), kept by what the event store records.
 * A mail's first attempt is claimed and its sending recorded in batches, on the reactor's own stream
 * `notifications` (notification-batches.ts: one event for the claims of many mails, one for their sending):
 *   NotificationsClaimed  appended BEFORE sending, expecting the stream's revision last read, every
 *                         claim up to it read: of two processes only one can claim a mail, so only one sends.
 *   NotificationsSent     after the mail server (or the outbox) accepted the messages. Terminal.
 * Anything else is recorded on the mail's own stream, notification-<source event id> (the guest's) or
 * notification-<id>-cafe, each append expecting the revision last seen (no_stream the first time):
 *   NotificationClaimed   a retry's claim, appended BEFORE sending.
 *   NotificationSent      a retry's sending. Terminal.
 *   NotificationFailed    the send was refused: nothing went out, so it is retried with backoff,
 *                         each retry claiming again, up to MAX_ATTEMPTS.
 *   NotificationAbandoned found at start-up: a claim with no outcome means the process stopped
 *                         mid-send, and nobody can know whether the mail left. Terminal.
 *   NotificationSkipped   instead of a claim, when the mail has no address (a booking staff took by
 *                         phone without an e-mail, a forgotten guest). Terminal.
 * Claim-then-send makes the crash window at-most-once (a mail may be lost, never duplicated);
 * send-then-record would make it at-least-once (a mail may go twice). A duplicate confirmation or
 * a second "approved" mail confuses guests more than a rare lost one, which staff can see with
 * `npm run ops -- mail <event id>`; and a known failure is retried anyway.
 *
 * At start-up the reactor reads $all from its stored checkpoint (REACTOR_CHECKPOINTS: the event up to
 * which every event's mails are settled), noting which notifications are settled, and only then mails
 * what is left; from then on it follows live. A start the event store refuses or cannot serve is tried
 * again, and a dropped subscription resumed from the last event seen, both with backoff, and
 * `behindBecause` says so meanwhile (/readyz answers 503): the process never exits over it.
 * A store error while composing, claiming or recording a mail is tried again later too, the mail
 * still held (its claim resumed, never a second send).
 * Which events get a mail:
 *  - after the stored checkpoint: every one, however long the process or its subscription was down,
 *    unless the event is more than LONG_PAST_MS (30 days) old: a confirmation a month late confuses a
 *    guest more than it helps (logged at warn, so staff can follow up);
 *  - with no usable checkpoint (a first start on a restored or imported log, one beyond the log's head,
 *    or one that is no event's position): only events less than MAX_AGE_MS (3 days) old, so a restore does not mail every guest
 *    the café ever had.
 * Its parts, each in its own file: notifications-reactor-subscription.ts (where reading starts, the
 * resubscribing), -catch-up.ts (what the stored history owes), -delivery.ts (claim-then-send),
 * -checkpoint.ts, -retries.ts (the waits before trying again); this file keeps the mail queue.
 */
export class NotificationsReactor {
  private live = false;
  private stopped = false;
  /** Until the first catch-up: what the stored history says is settled and what is owed. */
  private catchUp: CatchUpLedger;
  private readonly retries: RetryTimers;
  private readonly work: MailWorkQueue;
  private caughtUp: Promise<void> = Promise.resolve();
  /** Mails whose claim or outcome a store error interrupted, by claim stream: resumed, not begun again. */
  private readonly attempts = new Map<string, MailAttempt>();
  /** Position of the last event delivered by the subscription. */
  private seen = 0n;
  /** Events older than this get no mail (see the rules above). */
  private maxAgeMs = MAX_AGE_MS;
  private readonly checkpoint: ReactorCheckpoint;
  private readonly subscription: ReactorSubscription;
  /** What delivering a mail needs: the deps, and the appends its claims and outcomes share. */
  private readonly delivery: DeliveryDeps;

  constructor(private readonly deps: ReactorDeps) {
    this.delivery = { ...deps, appends: new NotificationAppends(deps), batches: new NotificationBatches(deps) };
    this.catchUp = new CatchUpLedger(deps.recipientsOf);
    this.work = new MailWorkQueue(MAILS_IN_FLIGHT, { busy: deps.busy ?? (() => false), trickleMs: TRICKLE_MS });
    this.checkpoint = new ReactorCheckpoint({
      documents: deps.checkpoints,
      clock: deps.clock,
      logger: deps.logger,
      everyMs: deps.checkpointEveryMs,
    });
    this.retries = new RetryTimers(deps, this.checkpoint);
    this.subscription = new ReactorSubscription({
      eventStore: deps.eventStore,
      logger: deps.logger,
      resubscribeDelayMs: deps.resubscribeDelayMs,
      onEvent: (event) => this.onEvent(event),
      onLive: () => {
        this.live = true;
        this.resumePending();
      },
      seen: () => this.seen,
    });
  }

  /** Why mails are not going out (the start failed and is tried again, or the subscription dropped and is being resumed), or null. */
  get behindBecause(): string | null {
    return this.subscription.behindBecause;
  }

  /**
   * Resolves once the stored history has been read and the unsettled mails are queued; or once the
   * first attempt failed, which is then tried again with backoff (ReactorSubscription.start).
   */
  async start(): Promise<void> {
    const { attempted, caughtUp } = this.subscription.start(async () => {
      const { after, maxAgeMs } = await startPosition(this.deps, this.checkpoint);
      this.maxAgeMs = maxAgeMs;
      this.seen = after;
      this.catchUp = new CatchUpLedger(this.deps.recipientsOf);
      this.checkpoint.startAt(after);
      this.delivery.batches.startAt(after);
      return after;
    });
    this.caughtUp = caughtUp;
    await attempted;
  }

  /** Resolves once every event stored so far has been seen and its mail handled (tests, operators). */
  async idle(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    // A start still being tried again counts against the same deadline.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`notifications did not start within ${timeoutMs} ms`)), timeoutMs);
    });
    await Promise.race([this.caughtUp, late]).finally(() => clearTimeout(timer));
    for (;;) {
      const head = await this.deps.eventStore.headPosition();
      await this.work.drained();
      if (this.seen >= head && this.work.size === 0) return;
      if (Date.now() > deadline) throw new Error(`notifications did not settle within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.retries.stop();
    await this.subscription.close();
    await this.work.drained();
    if (this.live) await this.checkpoint.save();
  }

  private onEvent(event: RecordedEvent): void {
    // A resumed subscription may hand over again what the dropped one delivered last.
    if (event.position <= this.seen) return;
    this.seen = event.position;
    const notified = this.deps.recipientsOf(event.type).length > 0;
    this.checkpoint.saw(event.position, notified);
    if (this.live) {
      if (notified) this.enqueue(event, undefined);
      this.checkpoint.schedule();
      return;
    }
    this.catchUp.note(event, notified);
  }

  /** At the first catch-up: the abandoned claims recorded and the owed mails queued, in log order. */
  private resumePending(): void {
    this.catchUp.settle({
      abandon: (event, stream, progress) => this.recordAbandoned(event, stream, progress, 0),
      enqueue: (event, known) => this.enqueue(event, known),
    });
    this.checkpoint.forgetUnheld();
  }

  /** Held until recorded: later events' mails may finish first, and the checkpoint must not pass it. */
  private recordAbandoned(event: RecordedEvent, stream: string, progress: Progress, failures: number): void {
    this.checkpoint.hold(event.position);
    let settled = true;
    void this.work
      .push(event.streamId, () => abandon(this.delivery, event, stream, progress))
      .catch((err: unknown) => {
        this.deps.logger.error(
          { err, eventId: event.id, stream, failures: failures + 1 },
          'recording an abandoned mail failed: trying again',
        );
        settled = this.retries.later(event.position, failures, () => this.recordAbandoned(event, stream, progress, failures + 1));
      })
      .finally(() => {
        if (settled) this.checkpoint.release(event.position);
      });
  }

  /**
   * `known`: what catch-up or an earlier try learned (updated as recipients settle); `only`: a retry of one
   * recipient's refused send; `failures`: store errors so far, each tried again later with the mail held.
   */
  private enqueue(event: RecordedEvent, known?: Known, only?: NotificationRecipient, failures = 0): void {
    this.deps.metrics?.mailQueue.inc();
    this.checkpoint.hold(event.position);
    // While the gateway is busy thousands of mails wait: each waits as its event and this one closure.
    void this.work.push(event.streamId, () => this.handle(event, known ?? (new Map() as Known), only, failures));
  }

  /** One queued mail handled; never rejects: a store error holds it for a retry. */
  private async handle(event: RecordedEvent, known: Known, only: NotificationRecipient | undefined, failures: number): Promise<void> {
    // A mail skipped because the reactor stopped keeps its event held: the checkpoint saved at stop stays
    // before it, and the next start sends it (its claim keeps it single).
    let settled = true;
    try {
      settled = await this.notify(event, known, only);
    } catch (err) {
      // A store error composing, claiming or recording: never a drop, the mail stays held.
      this.deps.logger.error(
        { err, eventId: event.id, type: event.type, failures: failures + 1 },
        'a mail could not be handled (the store failed): trying again later',
      );
      settled = this.retries.later(event.position, failures, () => this.enqueue(event, known, only, failures + 1));
    } finally {
      this.deps.metrics?.mailQueue.dec();
      if (settled) this.checkpoint.release(event.position);
      if (this.live && !this.stopped) this.checkpoint.schedule();
    }
  }

  /** False when the reactor stopped before every recipient's mail was settled (sent, refused for good, or waiting for its retry). */
  private async notify(event: RecordedEvent, known: Known, only: NotificationRecipient | undefined): Promise<boolean> {
    if (this.stopped) return false;
    const age = this.deps.clock.now().getTime() - Date.parse(event.metadata.occurredAt);
    if (!known.size && age > this.maxAgeMs) {
      // Resumed from a checkpoint, an event this old is news to staff (warn); on a first start's
      // look back over the last days, old bookings are the norm (debug).
      const level = this.maxAgeMs === LONG_PAST_MS ? 'warn' : 'debug';
      this.deps.logger[level](
        { eventId: event.id, type: event.type, ageDays: Math.floor(age / 86_400_000) },
        'no mail for an event this old',
      );
      return true;
    }
    for (const { recipient, message } of await this.deps.compose(event)) {
      if (this.stopped) return false;
      if (only && recipient !== only) continue;
      const stream = notificationStream(event.id, recipient);
      const progress = known.get(stream);
      if (progress === 'settled' || (!progress && age > this.maxAgeMs)) continue;
      if (!message.to) {
        await skip(this.delivery, event, stream, progress);
      } else {
        // An attempt a store error interrupted is resumed: its claim and what the send gave are kept.
        const attempt = this.attempts.get(stream) ?? newAttempt(message, progress);
        this.attempts.set(stream, attempt);
        const retry = await deliver(this.delivery, event, recipient, stream, attempt);
        this.attempts.delete(stream);
        if (retry && !this.retryLater(event, recipient, stream, retry)) return false;
      }
      // Settled here (or its refused send retried on its own): a store error after this does not redo it.
      known.set(stream, 'settled');
    }
    return true;
  }

  /** False when stopped: the retry is left to the next start. */
  private retryLater(event: RecordedEvent, recipient: NotificationRecipient, stream: string, progress: Progress): boolean {
    return this.retries.later(event.position, progress.attempts - 1, () => this.enqueue(event, new Map([[stream, progress]]), recipient));
  }
}
