import { randomUUID } from 'node:crypto';
import { NOTIFICATION_NO_ADDRESS, type NotificationEvent } from '@cafe/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import { isWrongExpectedRevision, type EventStore, type RecordedEvent } from '../platform/event-store/event-store.js';
import type { Mailer, MailMessage, SentMail } from '../platform/mailer/mailer.js';
import type { NotificationAppends } from './notifications-reactor-appends.js';
import type { NotificationBatches } from './notification-batches.js';
import { timeOrderedId } from '../platform/commands/event-ids.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import { MAX_ATTEMPTS, type NotificationRecipient, type Progress } from './notifications-reactor-streams.js';

export interface DeliveryDeps {
  eventStore: EventStore;
  /** Where the claims and outcomes go: gathered into one append per turn (notifications-reactor-appends.ts). */
  appends: NotificationAppends;
  /** Where a mail's first attempt is claimed and its sending recorded: in batches on the reactor's stream. */
  batches: NotificationBatches;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  metrics?: Pick<Metrics, 'mailsSent' | 'mailFailures'>;
}

// One mail's claim-then-send protocol in the event store (see the reactor's header), apart from the
// reactor's queue, retry timers and subscription, which decide when it runs.

/**
 * One recipient's claim, send and record, kept across a store error so that trying again resumes it
 * where it stopped: a claim or outcome whose append failed is appended again with the same event ids
 * (a store that did write it answers with what it stored), and a mail once handed to the mail server
 * is never sent again.
 */
export interface MailAttempt {
  /** Ties the ids of this attempt's events: the same append again is recognised, another process's is not. */
  readonly id: string;
  readonly message: MailMessage;
  /** Where the claim stream was when this attempt began. */
  readonly progress: Progress | undefined;
  /** The claim's revision on the mail's stream, once appended; no_stream once claimed in a batch (a first attempt). */
  claimed?: bigint | 'no_stream';
  /** What the send gave, once tried: recorded next. */
  outcome?: { sent: SentMail } | { failed: string };
}

// Time-ordered: the claim's and outcome's ids carry its millisecond (platform/commands/event-ids.ts).
export const newAttempt = (message: MailMessage, progress: Progress | undefined): MailAttempt => ({
  id: timeOrderedId(),
  message,
  progress,
});

/**
 * Claims, sends and records one recipient's mail of an event. Returns where to retry from when the
 * send was refused and attempts remain; null otherwise (sent, out of attempts, or another process's
 * claim or outcome). Throws on a store error, with `attempt` showing how far it got.
 */
export async function deliver(
  deps: DeliveryDeps,
  event: RecordedEvent,
  recipient: NotificationRecipient,
  stream: string,
  attempt: MailAttempt,
): Promise<Progress | null> {
  const { logger } = deps;
  const { message, progress } = attempt;
  const number = (progress?.attempts ?? 0) + 1;
  if (attempt.claimed === undefined) {
    try {
      if (progress) {
        attempt.claimed = await deps.appends.append(stream, event, progress.revision, attempt.id, {
          type: 'NotificationClaimed',
          data: { sourceEventId: event.id, sourceType: event.type, to: message.to, subject: message.subject, attempt: number },
        });
      } else {
        const claim = { sourceEventId: event.id, sourceType: event.type, recipient, subject: message.subject, attemptId: attempt.id };
        await deps.batches.claim(event, claim);
        attempt.claimed = 'no_stream';
      }
    } catch (error) {
      if (isWrongExpectedRevision(error)) return null; // another process claimed it, or it is already settled
      throw error;
    }
  }
  if (!attempt.outcome) {
    try {
      attempt.outcome = { sent: await deps.mailer.send(message) };
    } catch (error) {
      deps.metrics?.mailFailures.inc();
      logger.warn({ err: error, correlationId: event.metadata.correlationId, eventId: event.id, attempt: number }, 'mail not sent');
      attempt.outcome = { failed: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
    }
  }
  const { outcome } = attempt;
  if ('failed' in outcome) {
    const failedAt = await record(deps, stream, event, attempt, {
      type: 'NotificationFailed',
      data: { sourceEventId: event.id, attempt: number, error: outcome.failed, to: message.to },
    });
    return failedAt !== null && number < MAX_ATTEMPTS ? { revision: failedAt, last: 'NotificationFailed', attempts: number } : null;
  }
  const { sent } = outcome;
  const recorded =
    attempt.claimed === 'no_stream'
      ? await recordInBatch(deps, event, recipient, attempt, sent)
      : await record(deps, stream, event, attempt, {
          type: 'NotificationSent',
          data: {
            sourceEventId: event.id,
            transport: sent.transport,
            messageId: sent.messageId,
            ...(sent.file ? { file: sent.file } : {}),
          },
        });
  if (recorded === null) return null;
  deps.metrics?.mailsSent.inc({ transport: sent.transport });
  // The booking's correlation id: the request that made it, its append and this send share it.
  logger.info(
    {
      correlationId: event.metadata.correlationId,
      eventId: event.id,
      type: event.type,
      recipient,
      transport: sent.transport,
      messageId: sent.messageId,
      attempt: number,
    },
    'notification sent',
  );
  return null;
}

/** A first attempt's sending, in the batch its claim went to (no other process records a mail it did not claim). */
async function recordInBatch(
  deps: DeliveryDeps,
  event: RecordedEvent,
  recipient: NotificationRecipient,
  attempt: MailAttempt,
  sent: SentMail,
): Promise<true> {
  const { transport, messageId, file } = sent;
  await deps.batches.sent(event, {
    sourceEventId: event.id,
    recipient,
    attemptId: attempt.id,
    transport,
    messageId,
    ...(file ? { file } : {}),
  });
  return true;
}

/** The outcome after the claim; null when the stream moved on meanwhile (another process recorded one). */
async function record(
  deps: DeliveryDeps,
  stream: string,
  event: RecordedEvent,
  attempt: MailAttempt,
  outcome: NotificationEvent,
): Promise<bigint | null> {
  try {
    return await deps.appends.append(stream, event, attempt.claimed!, attempt.id, outcome);
  } catch (error) {
    if (!isWrongExpectedRevision(error)) throw error;
    deps.logger.warn({ eventId: event.id, stream, outcome: outcome.type }, 'another process recorded this mail meanwhile');
    return null;
  }
}

/**
 * A mail with nobody to send it to (a booking staff took by phone, a forgotten guest): recorded as
 * skipped, a settled outcome like a sent one, so it is neither an error nor composed again at the next
 * start. Nothing was claimed, so a skip found already recorded (another process) is left as it is.
 */
export async function skip(deps: DeliveryDeps, event: RecordedEvent, stream: string, progress: Progress | undefined): Promise<void> {
  try {
    await deps.appends.append(stream, event, progress ? progress.revision : 'no_stream', randomUUID(), {
      type: 'NotificationSkipped',
      data: { sourceEventId: event.id, sourceType: event.type, reason: NOTIFICATION_NO_ADDRESS },
    });
  } catch (error) {
    if (!isWrongExpectedRevision(error)) throw error;
    return;
  }
  deps.logger.debug({ correlationId: event.metadata.correlationId, eventId: event.id, type: event.type }, 'no mail: no address');
}

/** A claim found without an outcome at start-up: recorded as abandoned, never sent again. */
export async function abandon(deps: DeliveryDeps, event: RecordedEvent, stream: string, progress: Progress): Promise<void> {
  deps.logger.warn(
    { eventId: event.id, type: event.type, stream },
    'a mail was being sent when the process stopped; not resending (at-most-once)',
  );
  try {
    await deps.appends.append(stream, event, progress.revision, randomUUID(), {
      type: 'NotificationAbandoned',
      data: { sourceEventId: event.id, reason: 'The process stopped while sending; the outcome is unknown.' },
    });
  } catch (error) {
    if (!isWrongExpectedRevision(error)) throw error;
  }
}
