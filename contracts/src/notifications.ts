/**
 * The mail reactor's own record of one recipient's mail of an event, in stream notification-<source event
 * id> (notification-<id>-cafe for the café's copy): a retry's claim before sending, then sent, failed
 * (retried) or abandoned (a crash mid-send; never resent); or, with no claim, skipped: the mail has nobody
 * to go to (a booking staff took by phone without an e-mail address). A mail's first attempt is claimed and
 * its sending recorded in batches instead, on the reactor's own stream (NotificationBatchEvent).
 */
export type NotificationEvent =
  | { type: 'NotificationClaimed'; data: { sourceEventId: string; sourceType: string; to: string; subject: string; attempt: number } }
  | { type: 'NotificationSent'; data: { sourceEventId: string; transport: string; messageId: string; file?: string } }
  | { type: 'NotificationFailed'; data: { sourceEventId: string; attempt: number; error: string; to?: string } }
  | { type: 'NotificationAbandoned'; data: { sourceEventId: string; reason: string } }
  | { type: 'NotificationSkipped'; data: { sourceEventId: string; sourceType: string; reason: string } };

/** Who a mail of an event goes to: the guest, or the café's own inbox (its copy). Each goes out once. */
export const MAIL_RECIPIENTS = ['guest', 'cafe'] as const;
export type MailRecipient = (typeof MAIL_RECIPIENTS)[number];

/** A first attempt's claim, one entry of a batch. `attemptId` tells the claiming process its own entries. */
export interface ClaimedMailEntry {
  sourceEventId: string;
  sourceType: string;
  recipient: MailRecipient;
  subject: string;
  attemptId: string;
}

/** A first attempt's sending, one entry of a batch, under its claim's attempt id. */
export interface SentMailEntry {
  sourceEventId: string;
  recipient: MailRecipient;
  attemptId: string;
  transport: string;
  messageId: string;
  file?: string;
}

/**
 * The mails' first attempts, on the reactor's own stream (NOTIFICATION_BATCHES): the claims of the mails
 * one turn of the reactor starts, appended as one event before any is sent and expecting the stream's
 * revision last seen (so of two processes only one claims a mail), then their sending as one event. No
 * address is kept: it is the source event's own (sealed there); a refused send records it, sealed, on the
 * mail's own stream, where the retries go.
 */
export type NotificationBatchEvent =
  { type: 'NotificationsClaimed'; data: { mails: ClaimedMailEntry[] } } | { type: 'NotificationsSent'; data: { mails: SentMailEntry[] } };

/** The reactor's own stream, holding NotificationBatchEvent. */
export const NOTIFICATION_BATCHES = 'notifications';

/** Why a mail was recorded as skipped: its message had no address to go to. */
export const NOTIFICATION_NO_ADDRESS = 'No e-mail address: the guest gave none, or it was erased';

/**
 * The events that may mail someone: the guest (a change of date, time or size whoever made it; a
 * cancellation unless staff cancelled a booking whose day had passed or a declined party), and for a
 * party request made on the website, or an approved party its guest made larger or moved, the café's own
 * address too.
 */
export const NOTIFIED_EVENT_TYPES = [
  'ReservationRequested',
  'PartyBookingRequested',
  'PartyBookingApproved',
  'PartyBookingRejected',
  'ReservationChanged',
  'PartyBookingDetailsChanged',
  'ReservationCancelled',
  'PartyBookingCancelled',
  // A guest's change to an approved party that waits for staff again (guest and café), and staff rejecting it.
  'PartyBookingReturnedToPending',
  'PartyBookingChangeDeclined',
  // Open tables: the host hears of a request to join, the joiner of the answer.
  'JoinRequested',
  'JoinAccepted',
  'JoinDeclined',
  'JoinerToldTableClosed',
  // Game nights (cafe-events): signed up or waitlisted, promoted from the waitlist, cancelled.
  'EventSignedUp',
  'EventSignUpPromoted',
  'EventSignUpCancelled',
] as const;
