import { NOTIFICATION_BATCHES, type NotificationBatchEvent, type NotificationEvent } from '@cafe/contracts';
import type { EventStore, Position } from '../platform/event-store/event-store.js';
import { batchSteps, notificationStream, type NotificationRecipient } from './notifications-reactor-streams.js';

/** One step of a mail's record, wherever it was written: a batch's entry, or an event of the mail's own stream. */
export interface MailStep {
  type: NotificationEvent['type'];
  data: Record<string, unknown>;
  position: Position;
}

/**
 * One recipient's mail of an event, as the reactor recorded it: its first attempt's claim and sending
 * from the batches on the reactor's stream, and the rest from the mail's own stream, in log order.
 * Reads the whole batch stream: for operators and tests, never the reactor's own path.
 */
export async function mailRecord(
  eventStore: EventStore,
  sourceEventId: string,
  recipient: NotificationRecipient = 'guest',
): Promise<MailStep[]> {
  const steps: MailStep[] = [];
  const own = notificationStream(sourceEventId, recipient);
  for (const event of await eventStore.readStream(NOTIFICATION_BATCHES)) {
    for (const { stream, type, mail } of batchSteps({ type: event.type, data: event.data } as NotificationBatchEvent)) {
      if (stream === own) steps.push({ type, data: { ...mail }, position: event.position });
    }
  }
  for (const event of await eventStore.readStream(own)) {
    steps.push({ type: event.type as NotificationEvent['type'], data: event.data as Record<string, unknown>, position: event.position });
  }
  return steps.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
}
