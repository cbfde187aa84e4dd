// The closures slice's public face: staff closing days (one date or a range, keeping or cancelling what is
// on them) as one durable process. It sits above blocked-dates and asks the slices registered as its
// parts (Feature.closures: bookings, game-night sign-ups, open tables) instead of importing them. A change
// of hours that closes a holiday or leaves bookings outside the hours (hours-changes) goes through it too.
export { closuresFeature } from './closures-feature.js';
export { runClosure } from './closure-process.js';
export type { ClosureResult } from './closure-result.js';
export { bookingsOutsideHours, startHoursClosure, type HoursChange } from './hours-closure.js';
export { closeHolidays, reopenHolidaysIn, type ClosedHoliday } from './holiday-closures.js';
export { closureImpactBookings, openTablesInRange } from './range-impact.js';
