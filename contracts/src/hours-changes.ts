import { z } from 'zod';
import { businessInfoFormSchema, businessInfoOut } from './business-info-form.js';
import { closureBookingsField, closureOutcomeSchema, rangeImpactSchema } from './blocked-dates.js';

/**
 * Saving business info is a closure when it closes a day or shortens one: a holiday marked closed closes
 * its date as a blocked date does, and hours that leave bookings outside them settle those bookings. Told
 * of them first (409), staff then say what becomes of them, as a range block does.
 */
export const businessInfoSaveSchema = businessInfoFormSchema.extend({ bookings: closureBookingsField.optional() });
export type BusinessInfoSave = z.output<typeof businessInfoSaveSchema>;

/** The 409's code: the save holds back until it is told to keep or cancel the bookings listed. */
export const HOURS_CHANGE_CODE = 'bookings-affected';
export const hoursChangeMessage = (count: number) =>
  `${count === 1 ? '1 booking falls' : `${count} bookings fall`} on a day these hours close or outside the new hours. ` +
  'Choose whether to keep them or cancel them with an e-mail to each guest.';

/** The save's preview asks this until staff choose. */
export const HOURS_CHOICE_MESSAGE = 'Choose whether to keep or cancel these bookings';

/** A closed holiday's reason, as its guests and the site read it: its note, or this. */
export const HOLIDAY_CLOSURE_REASON = 'Holiday closure';
export const holidayClosureReason = (note?: string | null) => note?.trim() || HOLIDAY_CLOSURE_REASON;
/** The reason recorded with bookings cancelled because the hours no longer seat them. */
export const HOURS_CHANGED_REASON = 'Our opening hours have changed';

/** The 409: a range block's impact preview, with the holidays this save would close. */
export const hoursImpactSchema = rangeImpactSchema.extend({
  message: z.string(),
  code: z.literal(HOURS_CHANGE_CODE),
  /** Dates a holiday marked closed closes (as a blocked date, with the holiday's reason). */
  closing: z.array(z.object({ date: z.string(), reason: z.string() })),
});
export type HoursImpact = z.output<typeof hoursImpactSchema>;

/** What PUT /api/admin/business-info answers: the info saved and, when it closed or shortened days, what became of their bookings. */
export const businessInfoSavedOut = businessInfoOut.extend({ bookings: closureOutcomeSchema.optional() });
export type BusinessInfoSaved = z.output<typeof businessInfoSavedOut>;
