import type { RangeBooking } from '@cafe/contracts';
import { listedOn, type ClosureReads } from './closure-participants.js';

export { openTablesInRange } from './closure-participants.js';

/** A reservation or party booking of a range (the preview lists sign-ups too). */
export type RangeTableBooking = RangeBooking & { kind: 'reservation' | 'party' };

const isTableBooking = (b: RangeBooking): b is RangeTableBooking => b.kind !== 'signUp';

/**
 * The live bookings dated from `from` to `to` (inclusive): reservations, and party bookings still
 * pending or approved (a rejected one has no guest to turn away), as the calendar lists them.
 */
export async function bookingsInRange(runtime: ClosureReads, from: string, to: string): Promise<RangeTableBooking[]> {
  return (await listedOn(runtime, from, to, ['reservation', 'party'])).filter(isTableBooking);
}

/** The live sign-ups (confirmed or waitlisted) of every game night dated from `from` to `to`. */
export const signUpsInRange = (runtime: ClosureReads, from: string, to: string) => listedOn(runtime, from, to, ['signUp']);

/** What closing the days from `from` to `to` affects, as the preview lists it: the bookings, then each time's game-night sign-ups. */
export const closureImpactBookings = (runtime: ClosureReads, from: string, to: string) =>
  listedOn(runtime, from, to, ['reservation', 'party', 'signUp']);
