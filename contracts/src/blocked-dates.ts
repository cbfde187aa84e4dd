import { z } from 'zod';
import { TEXT_LIMITS, tooLongMessage } from './limits.js';
import { dateField, perDay, requiredText } from './fields.js';
import { addDays, formatLongDate, isIsoDate } from './time.js';
import type { OpeningHours } from './opening-hours.js';
import { bookingOutShape } from './booking-core.js';

/** Days the café is closed: one block per date, refused bookings say why. */
export const blockedDateMessage = (reason: string) => `Sorry, we are closed on this date: ${reason}`;
export const BLOCKED_DATE_NOT_FOUND = 'That date is not blocked';

const reasonField = requiredText('Reason is required').pipe(
  z.string().max(TEXT_LIMITS.blockedDateReason, { error: tooLongMessage('Reason', TEXT_LIMITS.blockedDateReason) }),
);

export const RANGE_CHOICE_MESSAGE = 'Choose whether to keep or cancel the bookings in this range';
/** The Block Date form's question once the date holds bookings (the server keeps them when not told). */
export const DATE_CHOICE_MESSAGE = 'Choose whether to keep or cancel the bookings on this date';
/** What becomes of the bookings on the closed days: kept, or cancelled with an e-mail to each guest. */
export const closureBookingsField = z.enum(['keep', 'cancel'], { error: RANGE_CHOICE_MESSAGE });

/**
 * POST /api/admin/blocked-dates: SPEC's {date, reason}; `bookings` (optional, default 'keep') closes the
 * day the way a range closes its days, cancelling the day's bookings when 'cancel'.
 */
export const blockedDateSchema = z.object({
  date: dateField({ today: null, pastMessage: '' }),
  reason: reasonField,
  bookings: closureBookingsField.optional(),
});
export type BlockedDateInput = z.output<typeof blockedDateSchema>;

/** The range a date was blocked with, when it was (absent on a single-date block). */
export const blockedRangeRefSchema = z.object({ id: z.string(), from: z.string(), to: z.string() });
export type BlockedRangeRef = z.output<typeof blockedRangeRefSchema>;

export const blockedDateSchemaOut = z.object({
  id: z.string(),
  date: z.string(),
  reason: z.string(),
  range: blockedRangeRefSchema.optional(),
});
export type BlockedDate = z.output<typeof blockedDateSchemaOut>;

/**
 * One stream per calendar date (blockedDate-<yyyy-MM-dd>): a date is blocked at most once at a time.
 * A range is one DateBlocked per date, each naming the range, so every date stays its own closed day.
 */
export type BlockedDateEvent =
  | { type: 'DateBlocked'; data: { blockedDateId: string; date: string; reason: string; range?: BlockedRangeRef } }
  | { type: 'DateUnblocked'; data: { blockedDateId: string; date: string } };

/* ------------------------------------------------------------------ ranges */

/** Longest range one block may close: a year, leap day included. */
export const MAX_BLOCKED_RANGE_DAYS = 366;
export const RANGE_FROM_REQUIRED = 'From date is required';
export const RANGE_TO_REQUIRED = 'To date is required';
export const RANGE_PAST_MESSAGE = 'The range cannot start in the past';
export const RANGE_ORDER_MESSAGE = 'The To date must be on or after the From date';
export const RANGE_TOO_LONG_MESSAGE = `A range can be at most ${MAX_BLOCKED_RANGE_DAYS} days long`;
export const RANGE_NOT_FOUND = 'That range is not blocked';
export const rangeAllBlockedMessage = (from: string, to: string) =>
  from === to
    ? `${formatLongDate(from)} is already blocked`
    : `Every date from ${formatLongDate(from)} to ${formatLongDate(to)} is already blocked`;

/** Days from `from` to `to`, both included (1 for a single day). */
export function rangeLength(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Every yyyy-MM-dd from `from` to `to`, both included. */
export function datesOfRange(from: string, to: string): string[] {
  // Counted, never stepped past `to`: the day after 9999-12-31 has no yyyy-MM-dd (addDays would throw).
  const days = rangeLength(from, to);
  return Array.from({ length: Math.max(days, 0) }, (_day, i) => (i === 0 ? from : addDays(from, i)));
}

/** 'Monday, December 21 – Sunday, December 27, 2026' (one date when from = to). */
export function formatRange(from: string, to: string): string {
  if (from === to) return formatLongDate(from);
  const [a, b] = [formatLongDate(from), formatLongDate(to)];
  return from.slice(0, 4) === to.slice(0, 4) ? `${a.replace(/, \d{4}$/, '')} – ${b}` : `${a} – ${b}`;
}

const rangeShape = (today: string | null) => ({
  from: dateField({ today, pastMessage: RANGE_PAST_MESSAGE, requiredMessage: RANGE_FROM_REQUIRED }),
  to: dateField({ today: null, pastMessage: '', requiredMessage: RANGE_TO_REQUIRED }),
});

function rangeRule(value: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (!value.from || !value.to || !isIsoDate(value.from) || !isIsoDate(value.to)) return;
  if (value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: RANGE_ORDER_MESSAGE });
  else if (rangeLength(value.from, value.to) > MAX_BLOCKED_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: RANGE_TOO_LONG_MESSAGE });
  }
}

/** GET /api/admin/blocked-ranges/impact?from&to: the range whose bookings the dialog lists. */
export const blockedRangeQuerySchema = perDay((today) => z.object(rangeShape(today)).superRefine(rangeRule));

/** POST /api/admin/blocked-ranges: the range, why, and what becomes of the bookings in it. */
export const blockedRangeSchema = perDay((today) =>
  z
    .object({
      ...rangeShape(today),
      reason: reasonField,
      bookings: closureBookingsField,
    })
    .superRefine(rangeRule),
);
export type BlockedRangeInput = z.output<ReturnType<typeof blockedRangeSchema>>;

/**
 * A live booking that falls in a range: what the impact preview lists and cancel-all cancels. A game
 * night's sign-up is one too (kind 'signUp': partySize its places, time the event's, label the event's).
 */
export const rangeBookingSchema = z.object({
  kind: z.enum(['reservation', 'party', 'signUp']),
  id: z.string(),
  /** Stream revision read with it (a sign-up's is 0: it is cancelled on its stream as it stands). */
  version: z.number().int(),
  name: bookingOutShape.name,
  email: bookingOutShape.email,
  phone: bookingOutShape.phone,
  partySize: bookingOutShape.partySize,
  date: bookingOutShape.date,
  time: bookingOutShape.time,
  /** 'Reservation', the party's status: 'Party (pending)', 'Party (approved)', or 'Game Night sign-up (waitlisted)'. */
  label: z.string(),
});
export type RangeBooking = z.output<typeof rangeBookingSchema>;

/** An open table on a closed day: its players are told when a closure cancels its host's reservation. */
export const openTableImpactSchema = z.object({
  tableId: z.string(),
  reservationId: z.string(),
  date: z.string(),
  time: z.string(),
  game: z.string(),
  hostFirstName: z.string(),
  /** Players accepted or still asking to join. */
  players: z.number().int(),
});
export type OpenTableImpact = z.output<typeof openTableImpactSchema>;

export const rangeImpactSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  /** Dates of the range closed already by another block (they keep it). */
  alreadyBlocked: z.array(z.object({ date: z.string(), reason: z.string() })),
  bookings: z.array(rangeBookingSchema),
  /** The reservations' open tables on those days, with players to tell. */
  openTables: z.array(openTableImpactSchema),
});
export type RangeImpact = z.output<typeof rangeImpactSchema>;

/** Under every field whose text is a closure's reason (a blocked date's, a range's, a holiday's note): it is not for staff only. */
export const CLOSURE_REASON_HINT = 'Guests see this reason in their e-mail and on the site.';

/** What a closure did with the bookings on its days: every booking live there when it closed them is in one list. */
const closureOutcome = {
  cancelled: z.array(rangeBookingSchema),
  /** Bookings a cancellation could not take, with why, left for staff to look at. */
  notCancelled: z.array(rangeBookingSchema.extend({ message: z.string() })),
  /** Bookings left as they are ('keep'): still live on a closed day. */
  kept: z.array(rangeBookingSchema),
};

export const closureOutcomeSchema = z.object(closureOutcome);
export type ClosureOutcome = z.output<typeof closureOutcomeSchema>;

export const blockedRangeSchemaOut = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  /** Dates this block closed (dates already blocked keep their own block). */
  blocked: z.array(z.string()),
  ...closureOutcome,
});
export type BlockedRangeResult = z.output<typeof blockedRangeSchemaOut>;

/** POST /api/admin/blocked-dates answers SPEC's {id, date, reason} and what became of the day's bookings. */
export const blockedDateResultSchemaOut = blockedDateSchemaOut.extend(closureOutcome);
export type BlockedDateResult = z.output<typeof blockedDateResultSchemaOut>;

/**
 * A closure (one date or a range) is a process with its own stream, closure-<closureId>: started, its
 * days closed (with the bookings on them at that moment), then each booking cancelled on its own stream
 * ('cancel'), then completed. A restart, or the same closure sent again, finishes one left unfinished.
 */
export interface ClosureDay {
  date: string;
  /** The block this closure put on the date; null when the date was blocked already by another. */
  blockedDateId: string | null;
}
/** What closing days asks: the dates, why, and what becomes of their bookings. */
export interface ClosureRequest {
  from: string;
  to: string;
  reason: string;
  bookings: 'keep' | 'cancel';
  /** Sent as a range: each date's block names the range. */
  range: boolean;
  /** A holiday marked closed in Business Info: its block is lifted when the holiday opens again. */
  holiday?: boolean;
}

export type ClosureEvent =
  | {
      type: 'ClosureStarted';
      /**
       * `range`: sent as a range (its dates name it); otherwise one date blocked on its own. `holiday`: a
       * holiday marked closed in Business Info (its block is lifted when the holiday opens again).
       * `hours`: no day is closed; the bookings the change of opening hours left outside them are settled
       * (outside `after`, inside `before`, and outside the hours business info holds when each is settled).
       */
      data: ClosureRequest & { closureId: string; hours?: { before: OpeningHours; after: OpeningHours } };
    }
  | {
      type: 'ClosureDaysClosed';
      /** Every booking on those days when they closed, with its day; the game nights' sign-ups once the days were listed closed. */
      data: {
        closureId: string;
        days: ClosureDay[];
        bookings: { bookingId: string; kind: 'reservation' | 'party'; date: string }[];
        signUps?: { signUpId: string; date: string }[];
      };
    }
  | {
      type: 'ClosureCompleted';
      data: { closureId: string; cancelled: string[]; notCancelled: { bookingId: string; message: string }[]; kept: string[] };
    }
  /** Every date was blocked already: nothing was closed. */
  | { type: 'ClosureRefused'; data: { closureId: string; message: string } };

export const unblockedRangeSchemaOut = z.object({ id: z.string(), dates: z.array(z.string()) });
