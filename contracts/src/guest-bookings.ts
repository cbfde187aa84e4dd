import { z } from 'zod';
import { ADMIN_PARTY_SIZES, ADMIN_RESERVATION_SIZES, PUBLIC_PARTY_SIZES, PUBLIC_RESERVATION_SIZES } from './business.js';
import { dateField, perDay, sizeField, slotRule, timeField } from './fields.js';
import { PARTY_PAST_MESSAGE } from './party-bookings.js';
import { RESERVATION_PAST_MESSAGE } from './reservations.js';

/**
 * A guest manages their own booking through the signed link of its e-mails (/my-booking?token=…):
 * the page shows the booking, cancels it, or changes its date, time or party size. No account, no
 * session: the token is the credential, and it stops working after the booking's date or once it is cancelled.
 */
export const GUEST_LINK_PATH = '/my-booking';

export const GUEST_LINK_INVALID = 'This booking link is not valid. Please use the link from your confirmation e-mail.';
export const GUEST_LINK_EXPIRED = 'This booking link has expired: the booking date has passed.';
export const GUEST_BOOKING_CANCELLED = 'This booking has been cancelled, so its link no longer works.';
export const GUEST_BOOKING_DECLINED = 'This party booking request was declined, so its link no longer works.';
export const GUEST_BOOKING_NOT_FOUND = 'We could not find this booking. Please call us and we will gladly help.';
export const GUEST_CHANGE_EMPTY = 'Choose a new date, time or party size';
export const GUEST_BOOKING_CANCELLED_TOAST = 'Your booking has been cancelled';
export const GUEST_BOOKING_CHANGED_TOAST = 'Your booking has been updated';
/**
 * A party change our team must confirm first: an approved party made larger or moved (it waits for staff
 * again, the booking they approved stays held meanwhile), or any change of a request not yet approved.
 */
export const GUEST_CHANGE_TO_CONFIRM = 'Thank you: our team will review your change and we’ll confirm by e-mail.';
/** Under the booking on its page while the change waits: what the café still holds for the guest. */
export const heldBookingNote = (when: string, people: string) =>
  `We’ll confirm your change by e-mail. Until then your approved booking stays as it was: ${when}, ${people}.`;

export type GuestBookingKind = 'reservation' | 'party';

/**
 * The sizes a guest may change to: on the public form's list and on the staff list the deciders
 * check a changed size against (parties: 6–10, 15, 20).
 */
export const guestSizes = (kind: GuestBookingKind): readonly number[] =>
  kind === 'party'
    ? PUBLIC_PARTY_SIZES.filter((n) => ADMIN_PARTY_SIZES.includes(n))
    : PUBLIC_RESERVATION_SIZES.filter((n) => ADMIN_RESERVATION_SIZES.includes(n));

/**
 * PATCH /api/guest-bookings/{token}: a new date, time and/or party size (absent = unchanged). A new date
 * follows a new booking's rules (not before the café's today, not past the booking horizon; the server
 * adds closed days, opening hours and seats); a time without a date is checked against the stored date
 * by the decider. The guest's page validates with the same schema.
 */
const changeSchemaOf = (kind: GuestBookingKind) =>
  perDay((today, horizonDays) =>
    z
      .object({
        date: dateField({ today, pastMessage: kind === 'party' ? PARTY_PAST_MESSAGE : RESERVATION_PAST_MESSAGE, horizonDays }).optional(),
        time: timeField().optional(),
        partySize: sizeField(guestSizes(kind)).optional(),
      })
      .superRefine(slotRule)
      .refine((v) => v.date !== undefined || v.time !== undefined || v.partySize !== undefined, {
        error: GUEST_CHANGE_EMPTY,
        path: ['time'],
      }),
  );
const changeSchemas = { reservation: changeSchemaOf('reservation'), party: changeSchemaOf('party') };
export const guestBookingChangeSchema = (kind: GuestBookingKind, today: string | null, horizonDays?: number) =>
  changeSchemas[kind](today, horizonDays);
/** The body as documented (OpenAPI): the sizes and today's rules are the kind's schema's. */
export const guestBookingChangeBodySchema = z.object({
  date: z.string().optional(),
  time: timeField().optional(),
  partySize: z.number().int().optional(),
});

export type GuestBookingChangeInput = z.input<ReturnType<typeof guestBookingChangeSchema>>;
export type GuestBookingChange = z.output<ReturnType<typeof guestBookingChangeSchema>>;

/** GET /api/guest-bookings/{token}: what the guest's page shows (never the phone or e-mail). */
export const guestBookingSchemaOut = z.object({
  kind: z.enum(['reservation', 'party']),
  name: z.string(),
  date: z.string(),
  time: z.string(),
  partySize: z.number().int(),
  /** Party bookings: the event's label and whether staff have approved it yet. */
  eventTypeLabel: z.string().nullable(),
  status: z.enum(['confirmed', 'pending']),
  /** Additive: an approved party whose change waits for staff; the approved date, time and size stay held. */
  heldAs: z.object({ date: z.string(), time: z.string(), partySize: z.number().int() }).nullish(),
  /** With a floor (issue 48): its tables by name and the HH:mm its stay ends ("your table until 9:30 PM", tableUntilText). */
  tables: z.array(z.string()).optional(),
  stayUntil: z.string().optional(),
});
export type GuestBooking = z.output<typeof guestBookingSchemaOut>;

/**
 * PATCH /api/guest-bookings/{token}'s answer: the booking's status after the change and, when our team
 * must confirm it first, what to tell the guest (GUEST_CHANGE_TO_CONFIRM); null when it is confirmed.
 */
export const guestBookingChangedSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.enum(['confirmed', 'pending']),
  message: z.string().nullable(),
});
export type GuestBookingChanged = z.output<typeof guestBookingChangedSchema>;

/** The reminder the day before a booking, recorded in stream reminder-<kind>-<id>: claimed before sending, then its outcome. */
export interface ReminderRef {
  /** A booking, or a game night's sign-up (cafe-events), reminded the same way. */
  kind: GuestBookingKind | 'eventSignUp';
  bookingId: string;
  /** The booking date this reminder is for: a booking moved to another day gets a new one. */
  date: string;
}
export type ReminderEvent =
  | { type: 'ReminderClaimed'; data: ReminderRef & { to: string; attempt: number } }
  | { type: 'ReminderSent'; data: ReminderRef & { transport: string; messageId: string } }
  | { type: 'ReminderFailed'; data: ReminderRef & { attempt: number; error: string } }
  | { type: 'ReminderAbandoned'; data: ReminderRef & { reason: string } };
export const REMINDER_EVENT_TYPES = ['ReminderClaimed', 'ReminderSent', 'ReminderFailed', 'ReminderAbandoned'] as const;
