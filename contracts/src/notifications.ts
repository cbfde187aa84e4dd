/**
 * The mail reactor's own record, in stream notification-<source event id>: claimed before sending,
 * then sent, failed (retried) or abandoned (a crash mid-send; never resent).
 */
export type NotificationEvent =
  | { type: 'NotificationClaimed'; data: { sourceEventId: string; sourceType: string; to: string; subject: string; attempt: number } }
  | { type: 'NotificationSent'; data: { sourceEventId: string; transport: string; messageId: string; file?: string } }
  | { type: 'NotificationFailed'; data: { sourceEventId: string; attempt: number; error: string } }
  | { type: 'NotificationAbandoned'; data: { sourceEventId: string; reason: string } };

/** The events a guest gets an e-mail for (a cancellation only when it closed the booking's date). */
export const NOTIFIED_EVENT_TYPES = [
  'ReservationRequested',
  'PartyBookingRequested',
  'PartyBookingApproved',
  'PartyBookingRejected',
  'ReservationCancelled',
  'PartyBookingCancelled',
] as const;
