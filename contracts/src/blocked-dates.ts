import { z } from 'zod';
import { TEXT_LIMITS, tooLongMessage } from './limits.js';
import { dateField, requiredText } from './fields.js';

/** Days the café is closed: one block per date, refused bookings say why. */
export const blockedDateMessage = (reason: string) => `Sorry, we are closed on this date: ${reason}`;
export const BLOCKED_DATE_NOT_FOUND = 'That date is not blocked';

export const blockedDateSchema = z.object({
  date: dateField({ today: null, pastMessage: '' }),
  reason: requiredText('Reason is required').pipe(
    z.string().max(TEXT_LIMITS.blockedDateReason, { error: tooLongMessage('Reason', TEXT_LIMITS.blockedDateReason) }),
  ),
});
export type BlockedDateInput = z.output<typeof blockedDateSchema>;

export const blockedDateSchemaOut = z.object({ id: z.string(), date: z.string(), reason: z.string() });
export type BlockedDate = z.output<typeof blockedDateSchemaOut>;

/** One stream per calendar date (blockedDate-<yyyy-MM-dd>): a date is blocked at most once at a time. */
export type BlockedDateEvent =
  | { type: 'DateBlocked'; data: { blockedDateId: string; date: string; reason: string } }
  | { type: 'DateUnblocked'; data: { blockedDateId: string; date: string } };
