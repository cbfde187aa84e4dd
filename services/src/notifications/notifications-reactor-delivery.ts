import { NOTIFICATION_NO_ADDRESS, type NotificationEvent } from '@cafe/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import {
  isWrongExpectedRevision,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
} from '../platform/event-store/event-store.js';
import type { Mailer, MailMessage } from '../platform/mailer/mailer.js';
import { appendDecided } from '../platform/commands/command-pipeline.js';
import type { Metrics } from '../platform/metrics/metrics.js';
import { MAX_ATTEMPTS, type NotificationRecipient, type Progress } from './notifications-reactor-streams.js';

export interface DeliveryDeps {
  eventStore: EventStore;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  metrics?: Pick<Metrics, 'mailsSent' | 'mailFailures'>;
}

// One mail's claim-then-send protocol in the event store (see the reactor's header), apart from the
// reactor's queue, retry timers and subscription, which decide when it runs.

/**
 * Claims, sends and records one recipient's mail of an event. Returns where to retry from when the
 * send was refused and attempts remain; null otherwise (sent, out of attempts, or another process's claim).
 */
export async function deliver(
  deps: DeliveryDeps,
  event: RecordedEvent,
  recipient: NotificationRecipient,
  stream: string,
  message: MailMessage,
  progress: Progress | undefined,
): Promise<Progress | null> {
  const { logger } = deps;
  const attempt = (progress?.attempts ?? 0) + 1;
  let revision: bigint;
  try {
    revision = await append(deps, stream, event, progress ? progress.revision : 'no_stream', {
      type: 'NotificationClaimed',
      data: { sourceEventId: event.id, sourceType: event.type, to: message.to, subject: message.subject, attempt },
    });
  } catch (error) {
    if (isWrongExpectedRevision(error)) return null; // another process claimed it, or it is already settled
    throw error;
  }
  let sent;
  try {
    sent = await deps.mailer.send(message);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    deps.metrics?.mailFailures.inc();
    logger.warn({ err: error, correlationId: event.metadata.correlationId, eventId: event.id, attempt }, 'mail not sent');
    const failedAt = await append(deps, stream, event, revision, {
      type: 'NotificationFailed',
      data: { sourceEventId: event.id, attempt, error: text.slice(0, 500) },
    });
    return attempt < MAX_ATTEMPTS ? { revision: failedAt, last: 'NotificationFailed', attempts: attempt } : null;
  }
  await append(deps, stream, event, revision, {
    type: 'NotificationSent',
    data: {
      sourceEventId: event.id,
      transport: sent.transport,
      messageId: sent.messageId,
      ...(sent.file ? { file: sent.file } : {}),
    },
  });
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
      attempt,
    },
    'notification sent',
  );
  return null;
}

/**
 * A mail with nobody to send it to (a booking staff took by phone, a forgotten guest): recorded as
 * skipped, a settled outcome like a sent one, so it is neither an error nor composed again at the next
 * start. Nothing was claimed, so a skip found already recorded (another process) is left as it is.
 */
export async function skip(deps: DeliveryDeps, event: RecordedEvent, stream: string, progress: Progress | undefined): Promise<void> {
  try {
    await append(deps, stream, event, progress ? progress.revision : 'no_stream', {
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
    await append(deps, stream, event, progress.revision, {
      type: 'NotificationAbandoned',
      data: { sourceEventId: event.id, reason: 'The process stopped while sending; the outcome is unknown.' },
    });
  } catch (error) {
    if (!isWrongExpectedRevision(error)) throw error;
  }
}

async function append(
  deps: DeliveryDeps,
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
  const [result] = await appendDecided({ eventStore: deps.eventStore, clock: deps.clock }, context, [
    { streamId: stream, events: [event], expectedRevision },
  ]);
  return result!.nextExpectedRevision;
}
