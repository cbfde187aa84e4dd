// The booking rules every booking decision obeys (reservations and party bookings): size, when, opening
// hours, arrivals and how a change of details applies; and the ones every booking list and answer
// follows: the lists' order (and its keyset paging) and the mapping of a stored booking to an answer.
// Pure but for the paging's one find: imports the platform only.
export { checkBookable, checkOpen, checkSize, checkWhen } from './booking-rules.js';
export { decideArrival } from './arrival-rules.js';
export { applyChanges, changedDetails, clearsSpecialRequests, copyDetails } from './booking-details.js';
export { afterCursor, BOOKING_ORDER, BY_DATE_INDEX, findPage, type OrderedDoc } from './booking-order.js';
export { bookingOut, partyOut, recordOut } from './booking-out.js';
