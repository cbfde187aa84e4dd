/**
 * The mail reactor's own record, in stream notification-<source event id>: claimed before sending,
 * then sent, failed (retried) or abandoned (a crash mid-send; never resent); or, with no claim, skipped:
 * the mail has nobody to go to (a booking staff took by phone without an e-mail address).
 */
export type NotificationEvent =
  | { type: 'NotificationClaimed'; data: { sourceEventId: string; sourceType: string; to: string; subject: string; attempt: number } }
  | { type: 'NotificationSent'; data: { sourceEventId: string; transport: string; messageId: string; file?: string } }
  | { type: 'NotificationFailed'; data: { sourceEventId: string; attempt: number; error: string } }
  | { type: 'NotificationAbandoned'; data: { sourceEventId: string; reason: string } }
  | { type: 'NotificationSkipped'; data: { sourceEventId: string; sourceType: string; reason: string } };

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
