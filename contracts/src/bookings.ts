import { z } from 'zod';
import {
  ADMIN_PARTY_SIZES,
  ADMIN_RESERVATION_SIZES,
  EVENT_TYPE_VALUES,
  PUBLIC_PARTY_SIZES,
  PUBLIC_RESERVATION_SIZES,
} from './business.js';
import { dateField, emailField, optionalText, phoneField, requiredText, sizeField, slotRule, timeField } from './fields.js';
import { isIsoDate } from './time.js';

/**
 * Booking form schemas. Each is a factory taking "today" (yyyy-MM-dd in the café's zone) so the browser
 * and the server apply the very same rule; pass null to skip the not-in-the-past check.
 */
export const PUBLIC_PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';
export const ADMIN_PHONE_INVALID = 'Invalid phone number';
export const ADMIN_PHONE_INCOMPLETE = 'Please enter a complete 10-digit phone number';
export const RESERVATION_PAST_MESSAGE = 'Reservation date cannot be in the past';
export const PARTY_PAST_MESSAGE = 'Party booking date cannot be in the past';

export const blockedDateMessage = (reason: string) => `Sorry, we are closed on this date: ${reason}`;

const eventTypeField = z
  .string({ error: 'Event type is required' })
  .trim()
  .min(1, { error: 'Event type is required' })
  .refine((v) => EVENT_TYPE_VALUES.includes(v), { error: 'Please choose an event type from the list' });

export function publicReservationSchema(today: string | null) {
  return z
    .object({
      name: requiredText('Name is required').pipe(z.string().max(120)),
      email: emailField('Email is required', 'Please enter a valid email address'),
      phone: phoneField(PUBLIC_PHONE_MESSAGE),
      partySize: sizeField(PUBLIC_RESERVATION_SIZES),
      date: dateField({ today, pastMessage: RESERVATION_PAST_MESSAGE }),
      time: timeField(),
      specialRequests: optionalText(),
    })
    .superRefine(slotRule);
}
export type PublicReservationInput = z.input<ReturnType<typeof publicReservationSchema>>;
export type PublicReservation = z.output<ReturnType<typeof publicReservationSchema>>;

/** Admin create and edit dialogs (SPEC.md §5): sizes 1–10 and the dialog's own messages. */
const adminReservationShape = (today: string | null) => ({
  name: requiredText('Name is required').pipe(z.string().max(120)),
  email: emailField('Email is required', 'Invalid email'),
  phone: phoneField(ADMIN_PHONE_INVALID, ADMIN_PHONE_INCOMPLETE),
  partySize: sizeField(ADMIN_RESERVATION_SIZES),
  date: dateField({ today, pastMessage: RESERVATION_PAST_MESSAGE }),
  time: timeField(),
  specialRequests: optionalText(),
});

export function adminReservationSchema(today: string | null) {
  return z.object(adminReservationShape(today)).superRefine(slotRule);
}

/**
 * PATCH /api/reservations/{id}: the edit dialog's fields, each optional (absent = unchanged). The
 * not-in-the-past rule applies to a date or time being changed, which only the server knows: it is
 * checked against the stored booking by the decider, so pass null here on the server.
 */
export function adminReservationPatchSchema(today: string | null) {
  return z.object(adminReservationShape(today)).partial().superRefine(slotRule);
}
export type AdminReservationPatch = z.output<ReturnType<typeof adminReservationPatchSchema>>;
export type AdminReservation = z.output<ReturnType<typeof adminReservationSchema>>;

export function publicPartyBookingSchema(today: string | null) {
  return z
    .object({
      name: requiredText('Name is required').pipe(z.string().max(120)),
      email: emailField('Email is required', 'Please enter a valid email address'),
      phone: phoneField(PUBLIC_PHONE_MESSAGE),
      eventType: eventTypeField,
      partySize: sizeField(PUBLIC_PARTY_SIZES),
      date: dateField({ today, pastMessage: PARTY_PAST_MESSAGE }),
      time: timeField(),
      specialRequests: optionalText(),
    })
    .superRefine(slotRule);
}
export type PublicPartyBooking = z.output<ReturnType<typeof publicPartyBookingSchema>>;

const adminPartyDetailsShape = (today: string | null) => ({
  name: requiredText('Name is required').pipe(z.string().max(120)),
  email: emailField('Email is required', 'Invalid email'),
  phone: phoneField(ADMIN_PHONE_INVALID, ADMIN_PHONE_INCOMPLETE),
  eventType: eventTypeField,
  partySize: sizeField(ADMIN_PARTY_SIZES),
  date: dateField({ today, pastMessage: PARTY_PAST_MESSAGE }),
  time: timeField(),
  specialRequests: optionalText(),
});

export function adminPartyDetailsSchema(today: string | null) {
  return z.object(adminPartyDetailsShape(today)).superRefine(slotRule);
}

/**
 * PATCH /api/party-bookings/{id}/details: as the edit dialog, each field optional (see
 * adminReservationPatchSchema). A public booking may hold a size the admin list lacks (12 guests): the
 * dialog re-sends it unchanged, so the admin size list applies only when the size changes, which
 * the server's decider checks against the stored booking (same message).
 */
export function adminPartyDetailsPatchSchema(today: string | null) {
  return z
    .object({
      ...adminPartyDetailsShape(today),
      partySize: z
        .number({ error: 'Party size is required' })
        .int({ error: 'Party size must be a whole number' })
        .min(1, { error: `Party size must be one of ${ADMIN_PARTY_SIZES.join(', ')}` }),
    })
    .partial()
    .superRefine(slotRule);
}
export type AdminPartyDetailsPatch = z.output<ReturnType<typeof adminPartyDetailsPatchSchema>>;
export type AdminPartyDetails = z.output<ReturnType<typeof adminPartyDetailsSchema>>;

export const PARTY_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PartyStatus = (typeof PARTY_STATUSES)[number];

export const partyApprovalSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
  adminNotes: optionalText(),
});
export type PartyApproval = z.output<typeof partyApprovalSchema>;

export const blockedDateSchema = z.object({
  date: dateField({ today: null, pastMessage: '' }),
  reason: requiredText('Reason is required').pipe(z.string().max(200)),
});
export type BlockedDateInput = z.output<typeof blockedDateSchema>;

/** Responses. */
export const blockedDateSchemaOut = z.object({ id: z.string(), date: z.string(), reason: z.string() });
export type BlockedDate = z.output<typeof blockedDateSchemaOut>;

export const createdSchema = z.object({ id: z.string(), version: z.number().int().optional() });

/** The fields every booking shows, whichever list it comes from. */
const bookingOutShape = {
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  partySize: z.number(),
  date: z.string(),
  time: z.string(),
  specialRequests: z.string().nullish(),
};

/** Stored bookings as the admin lists return them. `version` is the stream revision: send it back as If-Match. */
export const reservationSchemaOut = z.object({
  ...bookingOutShape,
  source: z.enum(['public', 'admin']).optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  version: z.number().int(),
});
export type ReservationOut = z.output<typeof reservationSchemaOut>;

export const partyBookingSchemaOut = reservationSchemaOut.extend({
  /** Older bookings may lack one: shown as eventTypeLabel 'Not specified'. */
  eventType: z.string().nullish(),
  eventTypeLabel: z.string(),
  status: z.enum(PARTY_STATUSES),
  adminNotes: z.string().nullish(),
  approvedBy: z.string().nullish(),
  approvedAt: z.string().nullish(),
});
export type PartyBookingOut = z.output<typeof partyBookingSchemaOut>;

/** What a change answers: the booking's id and its new version (also sent as the ETag header). */
export const changedSchema = z.object({ id: z.string(), version: z.number().int() });

/**
 * Colour band of a calendar entry (SPEC.md §2 Week View): party bookings green; reservations blue
 * before 12:00, amber from 12:00 to before 17:00, purple from 17:00.
 */
export type BookingTone = 'party' | 'morning' | 'afternoon' | 'evening';
export function bookingTone(kind: 'reservation' | 'party', time: string): BookingTone {
  if (kind === 'party') return 'party';
  if (time < '12:00') return 'morning';
  if (time < '17:00') return 'afternoon';
  return 'evening';
}
export const BOOKING_TONE_COLOURS: Record<BookingTone, string> = {
  party: 'green',
  morning: 'blue',
  afternoon: 'amber',
  evening: 'purple',
};
/** Week View rows: 8 AM to 10 PM, 15 rows (SPEC.md §9). */
export const WEEK_GRID_HOURS = Array.from({ length: 15 }, (_, i) => 8 + i);

/** The dashboard's views (SPEC.md §2) and the Filter Reservations dialog, as query parameters. */
export const BOOKING_VIEWS = ['today', 'list', 'week', 'month'] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number];
export const FILTER_SIZE_MIN = 1;
export const FILTER_SIZE_MAX = 10;
export const FILTER_SIZE_MESSAGE = `Party size filter must be between ${FILTER_SIZE_MIN} and ${FILTER_SIZE_MAX}`;
export const FILTER_SIZE_ORDER_MESSAGE = 'Minimum party size cannot be more than the maximum';
export const FILTER_DATE_ORDER_MESSAGE = 'The start date must be on or before the end date';

/** Query strings arrive as text; an empty value ('from=') means "not set", as in the dialog. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const queryDate = z.preprocess(
  blankToUndefined,
  z.string().refine(isIsoDate, { error: 'Please enter a valid date (yyyy-MM-dd)' }).optional(),
);
const querySize = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: FILTER_SIZE_MESSAGE })
    .int({ error: FILTER_SIZE_MESSAGE })
    .min(FILTER_SIZE_MIN, { error: FILTER_SIZE_MESSAGE })
    .max(FILTER_SIZE_MAX, { error: FILTER_SIZE_MESSAGE })
    .optional(),
);
const queryFlag = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'boolean' ? String(v) : blankToUndefined(v)),
    z
      .enum(['true', 'false', '1', '0'], { error: `${name} must be true or false` })
      .default('true')
      .transform((v) => v === 'true' || v === '1'),
  );

export const bookingFiltersSchema = z
  .object({
    from: queryDate,
    to: queryDate,
    minSize: querySize,
    maxSize: querySize,
    reservations: queryFlag('reservations'),
    parties: queryFlag('parties'),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to) ctx.addIssue({ code: 'custom', path: ['to'], message: FILTER_DATE_ORDER_MESSAGE });
    if (f.minSize !== undefined && f.maxSize !== undefined && f.minSize > f.maxSize) {
      ctx.addIssue({ code: 'custom', path: ['maxSize'], message: FILTER_SIZE_ORDER_MESSAGE });
    }
  });
export type BookingFilters = z.output<typeof bookingFiltersSchema>;

export const bookingsQuerySchema = z
  .object({
    view: z.preprocess(
      blankToUndefined,
      z.enum(BOOKING_VIEWS, { error: 'View must be one of today, list, week or month' }).default('list'),
    ),
    /** Any date inside the week or month to show; default today (café zone). */
    date: queryDate,
  })
  .and(bookingFiltersSchema);
export type BookingsQuery = z.output<typeof bookingsQuerySchema>;

export const calendarEntrySchema = z.object({
  kind: z.enum(['reservation', 'party']),
  ...bookingOutShape,
  /** '5:30 PM'. */
  time12: z.string(),
  tone: z.enum(['party', 'morning', 'afternoon', 'evening']),
  version: z.number().int(),
  eventType: z.string().nullish(),
  eventTypeLabel: z.string().optional(),
  status: z.enum(PARTY_STATUSES).optional(),
  adminNotes: z.string().nullish(),
});
export type CalendarEntry = z.output<typeof calendarEntrySchema>;

export const bookingsViewSchema = z.object({
  view: z.enum(BOOKING_VIEWS),
  /** Today in the café's zone, computed by the server: the browser shows this, not its own date. */
  today: z.string(),
  zone: z.string(),
  /** Dates covered (inclusive), after the view and the filters' from/to; to is null for the open-ended list. */
  range: z.object({ from: z.string(), to: z.string().nullable() }),
  filters: z.object({
    from: z.string().optional(),
    to: z.string().optional(),
    minSize: z.number().optional(),
    maxSize: z.number().optional(),
    reservations: z.boolean(),
    parties: z.boolean(),
  }),
  count: z.number().int(),
  /** Sorted by date, then time. */
  entries: z.array(calendarEntrySchema),
  /** week and month: every day of the range with its entries, in order (empty days included). */
  days: z.array(z.object({ date: z.string(), entries: z.array(calendarEntrySchema) })).optional(),
});
export type BookingsView = z.output<typeof bookingsViewSchema>;

/** The audit trail of one booking (GET /api/admin/…/{id}/history). */
export const historyEntrySchema = z.object({
  version: z.number().int(),
  type: z.string(),
  /** 'Party booking approved'. */
  what: z.string(),
  /** ISO instant, and the same instant in the café's zone ('Wednesday, November 18, 2026, 10:00 AM CST'). */
  at: z.string(),
  when: z.string(),
  /** The admin's e-mail, or 'visitor'. */
  by: z.string(),
  actorKind: z.enum(['visitor', 'admin', 'system']),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  notes: z.string().nullable(),
  correlationId: z.string(),
});
export const bookingHistorySchema = z.object({
  id: z.string(),
  kind: z.enum(['reservation', 'party']),
  zone: z.string(),
  /** Still live (false once cancelled). */
  active: z.boolean(),
  events: z.array(historyEntrySchema),
});
export type BookingHistory = z.output<typeof bookingHistorySchema>;
