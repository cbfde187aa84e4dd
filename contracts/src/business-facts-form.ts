import { z } from 'zod';
import { clearableText, parsePrice, urlOrEmpty } from './content-fields.js';
import { COVER_CHARGE_MAX, GAMES_TAUGHT_MAX, LATE_HOLD_OPTIONS } from './business-facts.js';
import { SEAT_CAPACITY_MAX } from './seating.js';

/** The Business Info form's guest facts (business-facts.ts), each with the message staff read. */
export const COVER_CHARGE_MESSAGE = `Play cover must be an amount from 0 to ${COVER_CHARGE_MAX}, such as 6 or 6.50 (0 for free play)`;
export const LATE_HOLD_MESSAGE = 'A table can be held 0 to 60 minutes past its time, in 5-minute steps';
export const PARTY_SIZE_MESSAGE = `Party sizes must be whole numbers from 1 to ${SEAT_CAPACITY_MAX}`;
export const PARTY_RANGE_ORDER_MESSAGE = 'The largest party must be at least the smallest';
export const partyMaxOverCapacityMessage = (capacity: number) =>
  `The largest party cannot be more than the seat capacity (${capacity} seats)`;
export const GAMES_TAUGHT_MESSAGE = `Games staff teach must be a whole number from 0 to ${GAMES_TAUGHT_MAX}`;
export const FACT_NOTE_MAX = 300;

/** '6', '6.5', '$6.50' or 6 → '6.00'; '' is refused (0 is free play). */
const coverChargeField = z
  .union([z.string(), z.number()], { error: COVER_CHARGE_MESSAGE })
  .optional()
  .transform((value, ctx): string | undefined => {
    if (value === undefined) return undefined;
    const price = parsePrice(value);
    if (price.ok && Number(price.value) <= COVER_CHARGE_MAX) return price.value;
    ctx.addIssue({ code: 'custom', message: COVER_CHARGE_MESSAGE });
    return z.NEVER;
  });

const wholeNumber = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

const partySizeField = wholeNumber(PARTY_SIZE_MESSAGE, 1, SEAT_CAPACITY_MAX);

export const businessFactsShape = {
  coverCharge: coverChargeField,
  coverNote: clearableText('Cover note', FACT_NOTE_MAX),
  lateHoldMinutes: z
    .number({ error: LATE_HOLD_MESSAGE })
    .refine((m) => LATE_HOLD_OPTIONS.includes(m), { error: LATE_HOLD_MESSAGE })
    .optional(),
  parkingNote: clearableText('Parking note', FACT_NOTE_MAX),
  familyNote: clearableText('Family note', FACT_NOTE_MAX),
  partySizeMin: partySizeField.optional(),
  partySizeMax: partySizeField.optional(),
  gamesTaught: wholeNumber(GAMES_TAUGHT_MESSAGE, 0, GAMES_TAUGHT_MAX).optional(),
  orderOnlineUrl: urlOrEmpty(),
  reviewsUrl: urlOrEmpty(),
  gameCollectionUrl: urlOrEmpty(),
};

/** The smallest party no larger than the largest; the largest no larger than the seat capacity sent beside it. */
export function partySizesRule(form: { partySizeMin?: number; partySizeMax?: number; seatCapacity?: number }, ctx: z.RefinementCtx): void {
  const { partySizeMin: min, partySizeMax: max, seatCapacity } = form;
  if (min !== undefined && max !== undefined && max < min) {
    ctx.addIssue({ code: 'custom', path: ['partySizeMax'], message: PARTY_RANGE_ORDER_MESSAGE });
  } else if (max !== undefined && seatCapacity !== undefined && max > seatCapacity) {
    ctx.addIssue({ code: 'custom', path: ['partySizeMax'], message: partyMaxOverCapacityMessage(seatCapacity) });
  }
}

/** The facts as GET /api/business-info answers them: the stored value, the default when never set, '' when cleared. */
export const businessFactsOut = z.object({
  coverCharge: z.string(),
  coverNote: z.string(),
  lateHoldMinutes: z.number().int(),
  parkingNote: z.string(),
  familyNote: z.string(),
  partySizeMin: z.number().int(),
  /** Bounded by the seat capacity: what the party form offers. */
  partySizeMax: z.number().int(),
  gamesTaught: z.number().int(),
  orderOnlineUrl: z.string(),
  reviewsUrl: z.string(),
  gameCollectionUrl: z.string(),
});
