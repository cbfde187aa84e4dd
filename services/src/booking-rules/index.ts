// The booking rules every booking decision obeys (reservations and party bookings): size, when, opening
// hours, arrivals and how a change of details applies. Pure: imports the platform's domain errors only.
export { checkBookable, checkOpen, checkSize, checkWhen } from './booking-rules.js';
export { decideArrival } from './arrival-rules.js';
export { applyChanges, changedDetails, clearsSpecialRequests } from './booking-details.js';
