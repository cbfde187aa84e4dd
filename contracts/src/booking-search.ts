import { z } from 'zod';
import { ARRIVAL_STATUSES } from './arrivals.js';

/**
 * The dashboard's search box: staff find bookings (and so their guests) by part of a name, an e-mail
 * address or a phone number, across reservations, party bookings and event sign-ups, past and future.
 * GET /api/admin/booking-search?q=&limit= (staff only).
 */
export const BOOKING_SEARCH_PATH = '/api/admin/booking-search';

export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_QUERY_SHORT = `Type at least ${SEARCH_QUERY_MIN} characters to search`;
export const SEARCH_QUERY_LONG = `Search for at most ${SEARCH_QUERY_MAX} characters`;
export const SEARCH_LIMIT_MESSAGE = `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`;
export const SEARCH_NOTHING_FOUND = 'No bookings match';

export const bookingSearchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_QUERY_SHORT })
    .trim()
    .min(SEARCH_QUERY_MIN, { error: SEARCH_QUERY_SHORT })
    .max(SEARCH_QUERY_MAX, { error: SEARCH_QUERY_LONG }),
  limit: z.coerce
    .number({ error: SEARCH_LIMIT_MESSAGE })
    .int({ error: SEARCH_LIMIT_MESSAGE })
    .min(1, { error: SEARCH_LIMIT_MESSAGE })
    .max(SEARCH_LIMIT_MAX, { error: SEARCH_LIMIT_MESSAGE })
    .default(SEARCH_LIMIT_DEFAULT),
});

/** A booking's: booked, pending, approved, rejected, cancelled; a sign-up's: confirmed, waitlisted, cancelled. */
export const SEARCH_STATUSES = ['booked', 'pending', 'approved', 'rejected', 'cancelled', 'confirmed', 'waitlisted'] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];
export const SEARCH_KINDS = ['reservation', 'party', 'sign-up'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const bookingSearchHitSchema = z.object({
  /** A sign-up is a game night's: `partySize` its places, `date` and `time` its event's, `event` which. */
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  partySize: z.number().int(),
  date: z.string(),
  time: z.string(),
  /** A reservation is 'booked' until cancelled; a party booking has its decision; a sign-up where it stands. */
  status: z.enum(SEARCH_STATUSES),
  /** Whether the guests came, once staff marked it (never 'expected'): the result shows it instead of the status. */
  arrival: z.enum(ARRIVAL_STATUSES).exclude(['expected']).optional(),
  /** A sign-up staff checked in on the night. */
  checkedIn: z.literal(true).optional(),
  /** A sign-up's event ('Unknown event' once it was removed). */
  event: z.object({ id: z.string(), title: z.string() }).optional(),
  /** Which of the guest's details matched the query. */
  matched: z.enum(['name', 'email', 'phone']),
});
export type BookingSearchHit = z.output<typeof bookingSearchHitSchema>;

export const bookingSearchAnswerSchema = z.object({
  query: z.string(),
  /** Upcoming bookings first (soonest first), then past ones (latest first), cancelled and rejected last. */
  results: z.array(bookingSearchHitSchema),
  /** Guests among the matches, one per e-mail address, with how many of their bookings matched. */
  guests: z.array(z.object({ email: z.string(), name: z.string(), phone: z.string(), bookings: z.number().int() })),
  /** More bookings matched than the limit: the query should be narrowed. */
  more: z.boolean(),
});
export type BookingSearchAnswer = z.output<typeof bookingSearchAnswerSchema>;

/** Text as the search compares it: lower case, accents dropped ('Zoë' is found by 'zoe'), spaces collapsed. */
export function searchText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A phone as the search compares it: its digits only, so '555 12' finds '(608) 555-1234'. */
export const phoneDigits = (value: string): string => {
  const digits = value.replace(/\D/g, '');
  // A country code written before the number (+1 262 555 0123, 1-262-555-0123) is no part of the stored one.
  return (digits.length === 11 && digits.startsWith('1')) || /^\s*\+\s*1/.test(value) ? digits.slice(1) : digits;
};
