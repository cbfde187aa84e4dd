// The closures slice's public face: staff closing days (one date or a range, keeping or cancelling their
// bookings) and reopening them. It sits above blocked-dates, seating, reservations and party bookings.
export { closuresFeature } from './closures-feature.js';
