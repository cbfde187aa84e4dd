import { z } from 'zod';
import { addDays, formatLongDate, isIsoDate, isSlotOf } from './time.js';
import { DEFAULT_BOOKING_HORIZON_DAYS } from './business.js';
import { TEXT_LIMITS, tooLongMessage } from './limits.js';
import { PHONE_EXTENSION_MESSAGE, readPhone } from './phone.js';

/** Building blocks for the form schemas: each carries the product's message for its field. */
export const SLOT_MESSAGE = 'Please choose one of the available times for that day';
/** A date picker that starts at today was given an earlier date (typed by hand). */
export const DATE_FROM_TODAY_MESSAGE = 'Please pick a date from today on';

/** 'Party size must be between 2 and 10', or '… one of 1, 2, …, 30' for a list with gaps. */
export const sizeMessage = (sizes: readonly number[], label = 'Party size') => `${label} must be ${describeSizes(sizes)}`;

export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** A person's name on a booking: required, at most TEXT_LIMITS.name characters. */
export const nameField = (requiredMessage = 'Name is required') =>
  requiredText(requiredMessage).pipe(z.string().max(TEXT_LIMITS.name, { error: tooLongMessage('Name', TEXT_LIMITS.name) }));

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: tooLongMessage(label, max) })
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

export const emailField = (requiredMessage: string, invalidMessage: string) =>
  requiredText(requiredMessage).pipe(z.email({ error: invalidMessage }).max(TEXT_LIMITS.email, { error: invalidMessage }));

/**
 * Phone: any spelling of a US number (`+1 262 555 0101`, `262.555.0101`) is stored as '(XXX) XXX-XXXX'
 * (phone.ts). `incomplete` is said when too few digits were given, `invalid` for another country or too
 * many digits; an extension has its own message.
 */
export const phoneField = (invalid: string, incomplete = invalid) =>
  z.string({ error: incomplete }).transform((value, ctx) => {
    const read = readPhone(value);
    if (read.problem === undefined) return read.phone;
    const message = { extension: PHONE_EXTENSION_MESSAGE, incomplete, invalid }[read.problem];
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

export const sizeField = (sizes: readonly number[], label = 'Party size') =>
  z
    .number({ error: `${label} is required` })
    .int({ error: `${label} must be a whole number` })
    .refine((n) => sizes.includes(n), { error: sizeMessage(sizes, label) });

/** The last date a booking may be made for: the café's today plus the horizon. */
export const lastBookableDate = (today: string, horizonDays: number = DEFAULT_BOOKING_HORIZON_DAYS) => addDays(today, horizonDays);

export const bookingHorizonMessage = (today: string, horizonDays: number = DEFAULT_BOOKING_HORIZON_DAYS) =>
  `Bookings can be made at most ${horizonDays} days ahead: please choose a date on or before ${formatLongDate(lastBookableDate(today, horizonDays))}`;

/** With `horizonDays`, a date after today + horizonDays is refused too (the booking horizon). */
export const dateField = (opts: { today: string | null; pastMessage: string; requiredMessage?: string; horizonDays?: number }) => {
  const { today, horizonDays } = opts;
  return requiredText(opts.requiredMessage ?? 'Date is required')
    .refine(isIsoDate, { error: 'Please enter a valid date (yyyy-MM-dd)', abort: true })
    .refine((d) => today === null || d >= today, { error: opts.pastMessage })
    .refine((d) => today === null || horizonDays === undefined || d <= lastBookableDate(today, horizonDays), {
      error: today === null || horizonDays === undefined ? '' : bookingHorizonMessage(today, horizonDays),
    });
};

export const timeField = (message = 'Time is required') =>
  requiredText(message).refine((t) => /^\d{2}:\d{2}$/.test(t), { error: 'Please choose a time (HH:mm)' });

/** Cross-field rule: the time must be one of the 30-minute slots of the chosen date. */
export function slotRule<T extends { date?: string; time?: string }>(value: T, ctx: z.RefinementCtx): void {
  if (!value.date || !value.time || !isIsoDate(value.date)) return;
  if (!isSlotOf(value.date, value.time)) {
    ctx.addIssue({
      code: 'custom',
      path: ['time'],
      message: SLOT_MESSAGE,
    });
  }
}

function describeSizes(sizes: readonly number[]): string {
  const contiguous = sizes.every((n, i) => i === 0 || n === sizes[i - 1]! + 1);
  return contiguous ? `between ${sizes[0]} and ${sizes[sizes.length - 1]}` : `one of ${sizes.join(', ')}`;
}

/**
 * A schema factory that depends only on "today" (and the booking horizon), built once per day instead
 * of on every request or render (zod schemas are immutable; building one is the costly part of
 * checking a booking). The horizon defaults to contracts' DEFAULT_BOOKING_HORIZON_DAYS.
 */
export function perDay<S>(build: (today: string | null, horizonDays: number) => S): (today: string | null, horizonDays?: number) => S {
  const built = new Map<string, S>();
  return (today, horizonDays = DEFAULT_BOOKING_HORIZON_DAYS) => {
    const key = `${today}|${horizonDays}`;
    let schema = built.get(key);
    if (schema === undefined) {
      if (built.size >= 4) built.clear();
      schema = build(today, horizonDays);
      built.set(key, schema);
    }
    return schema;
  };
}
