import { z } from 'zod';
import { isIsoDate } from './time.js';
import { bookingOutShape } from './booking-core.js';
import { PARTY_STATUSES } from './party-bookings.js';

/**
 * The staff dashboard's reservation manager: today, list, week and month views with the Filter
 * Reservations dialog's filters, as the server answers them.
 */
/**
 * Colour band of a calendar entry (Week View): party bookings green; reservations blue
 * before 12:00, amber from 12:00 to before 17:00, purple from 17:00.
 */
export type BookingTone = 'party' | 'morning' | 'afternoon' | 'evening';
export function bookingTone(kind: 'reservation' | 'party', time: string): BookingTone {
  if (kind === 'party') return 'party';
  if (time < '12:00') return 'morning';
  if (time < '17:00') return 'afternoon';
  return 'evening';
}

/** The colour each tone is drawn in, named for the dashboard's legend and labels. */
export const BOOKING_TONE_COLOURS: Record<BookingTone, string> = {
  party: 'green',
  morning: 'blue',
  afternoon: 'amber',
  evening: 'purple',
};
/** Week View rows: 8 AM to 10 PM, 15 rows. */
export const WEEK_GRID_HOURS = Array.from({ length: 15 }, (_, i) => 8 + i);

/** The dashboard's views and the Filter Reservations dialog, as query parameters. */
export const BOOKING_VIEWS = ['today', 'list', 'week', 'month'] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number];
export const FILTER_SIZE_MIN = 1;
// Up to 30, not SPEC's 10: party bookings go up to 30 guests and the filter covers them too (issue 24).
export const FILTER_SIZE_MAX = 30;
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
  /** With a floor (issue 48): the tables it sits at ([] waiting to be placed) and the HH:mm its stay ends. */
  tables: z.array(z.string()).optional(),
  stayUntil: z.string().optional(),
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
  /** Asked for a page (`?limit=`, `?cursor=`, list view only): the next page's cursor, null after the last. */
  nextCursor: z.string().nullable().optional(),
  /** week and month: every day of the range with its entries, in order (empty days included). */
  days: z.array(z.object({ date: z.string(), entries: z.array(calendarEntrySchema) })).optional(),
});
export type BookingsView = z.output<typeof bookingsViewSchema>;
