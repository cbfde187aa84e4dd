import { z } from 'zod';
import { TEXT_LIMITS, tooLongMessage } from './limits.js';
import { dateField, perDay, requiredText } from './fields.js';
import { addDays, formatLongDate, isIsoDate } from './time.js';

/** Days the café is closed: one block per date, refused bookings say why. */
export const blockedDateMessage = (reason: string) => `Sorry, we are closed on this date: ${reason}`;
export const BLOCKED_DATE_NOT_FOUND = 'That date is not blocked';

const reasonField = requiredText('Reason is required').pipe(
  z.string().max(TEXT_LIMITS.blockedDateReason, { error: tooLongMessage('Reason', TEXT_LIMITS.blockedDateReason) }),
);

export const blockedDateSchema = z.object({
  date: dateField({ today: null, pastMessage: '' }),
  reason: reasonField,
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
export const RANGE_CHOICE_MESSAGE = 'Choose whether to keep or cancel the bookings in this range';
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
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
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
export type BlockedRangeQuery = z.output<ReturnType<typeof blockedRangeQuerySchema>>;

/** POST /api/admin/blocked-ranges: the range, why, and what becomes of the bookings in it. */
export const blockedRangeSchema = perDay((today) =>
  z
    .object({
      ...rangeShape(today),
      reason: reasonField,
      bookings: z.enum(['keep', 'cancel'], { error: RANGE_CHOICE_MESSAGE }),
    })
    .superRefine(rangeRule),
);
export type BlockedRangeInput = z.output<ReturnType<typeof blockedRangeSchema>>;

/** A live booking that falls in a range: what the impact preview lists and cancel-all cancels. */
export const rangeBookingSchema = z.object({
  kind: z.enum(['reservation', 'party']),
  id: z.string(),
  /** Stream revision read with it: the cancellation expects it. */
  version: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  partySize: z.number(),
  date: z.string(),
  time: z.string(),
  /** 'Reservation', or the party's status: 'Party (pending)', 'Party (approved)'. */
  label: z.string(),
});
export type RangeBooking = z.output<typeof rangeBookingSchema>;

export const rangeImpactSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  /** Dates of the range closed already by another block (they keep it). */
  alreadyBlocked: z.array(z.object({ date: z.string(), reason: z.string() })),
  bookings: z.array(rangeBookingSchema),
});
export type RangeImpact = z.output<typeof rangeImpactSchema>;

export const blockedRangeSchemaOut = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  /** Dates this block closed (dates already blocked keep their own block). */
  blocked: z.array(z.string()),
  cancelled: z.array(rangeBookingSchema),
  /** Bookings that changed between the preview and the cancel, left for staff to look at. */
  notCancelled: z.array(rangeBookingSchema.extend({ message: z.string() })),
});
export type BlockedRangeResult = z.output<typeof blockedRangeSchemaOut>;

export const unblockedRangeSchemaOut = z.object({ id: z.string(), dates: z.array(z.string()) });
