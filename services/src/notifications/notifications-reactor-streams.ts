import { MAIL_RECIPIENTS, type MailRecipient, type NotificationBatchEvent, type NotificationEvent } from '@cafe/contracts';
import { streamName } from '../platform/event-store/event-store.js';
import type { Mail } from '../platform/mailer/mail-composer.js';

// The reactor's vocabulary (claim streams, recipients, limits), apart so its subscription, catch-up and
// delivery modules share it without importing the reactor (no import cycle).

export const NOTIFICATION_CATEGORY = 'notification';
/** Who a mail of an event goes to: each has its own claim stream, so each goes out once. */
export const NOTIFICATION_RECIPIENTS = MAIL_RECIPIENTS;
export type NotificationRecipient = MailRecipient;
/** One mail a composer wants sent for an event. */
export type Notification = Mail;
/** Who an event may mail, as the slices' composers declare it: none when no slice mails about it. */
export type RecipientsOf = (eventType: string) => readonly NotificationRecipient[];
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

export interface Progress {
  /** Revision of the last event in the notification stream: no_stream while a batch holds all of the mail's record. */
  revision: bigint | 'no_stream';
  last: NotificationEvent['type'];
  attempts: number;
}
/** What catch-up learned of an event's mails, by claim stream: settled, or where it stopped. */
export type Known = Map<string, Progress | 'settled'>;

/**
 * A batch on the reactor's stream as steps of its mails' records: each entry is the claim, or the sending, of
 * the mail whose own stream it names (empty while the batch holds the whole record).
 */
export const batchSteps = (batch: NotificationBatchEvent) =>
  batch.data.mails.map((mail) => ({
    stream: notificationStream(mail.sourceEventId, mail.recipient),
    type: batch.type === 'NotificationsClaimed' ? ('NotificationClaimed' as const) : ('NotificationSent' as const),
    mail,
  }));
