import { z } from 'zod';
import { isIsoDate } from './time.js';

/**
 * GET /api/cafe-clock: the café's zone and today in it, from the server's configuration
 * (BUSINESS_TIME_ZONE) and clock. The browser asks before it first needs "today", so a zone set when
 * the server starts applies without rebuilding the web app.
 */
export const cafeClockSchema = z.object({
  /** IANA zone, e.g. America/Chicago. */
  timeZone: z.string().min(1),
  /** Today in that zone, yyyy-MM-dd. */
  today: z.string().refine(isIsoDate, { error: 'today must be a date (yyyy-MM-dd)' }),
});
export type CafeClock = z.output<typeof cafeClockSchema>;

/** How long an answer may be reused: at most five minutes, and never past midnight in the café. */
export const CAFE_CLOCK_MAX_AGE_S = 300;
