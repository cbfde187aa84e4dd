// The closures slice's public face: staff closing days (one date or a range, keeping or cancelling their
// bookings) and reopening them. It sits above blocked-dates, seating, reservations, party bookings and the
// game nights' sign-ups. A change of hours that closes a holiday or leaves bookings outside the hours
// (hours-changes) goes through the same process.
export { closuresFeature } from './closures-feature.js';
export { closeDays, runClosure, type ClosureResult } from './closure-process.js';
export { reopenDay } from './blocked-date-commands.js';
export { loadClosure } from './closure-record.js';
export { bookingsOutsideHours, startHoursClosure, type HoursChange } from './hours-closure.js';
export { closureImpactBookings } from './range-impact.js';
export { openTablesInRange } from './closure-tables.js';
