// The booking core's public face: what reservations and party bookings share (the command flows and
// routes, the details and rules every booking obeys, the answers' mapping, the lists' order). Below
// reservations and party bookings, above seating, blocked-dates and business-info.
export { bookingCommands, type BookingKind, type DateRules, type SeatingOptions, type Versioned } from './booking-commands.js';
export { bookingRoutes, idParams, type BookingRouteCommands, type BookingRoutesKind } from './booking-routes.js';
export { bookingOut, partyOut, recordOut } from './booking-out.js';
export { applyChanges, changedDetails, detailsChangeFrom, seatingOptionsFrom } from './booking-details.js';
export { checkBookable, checkOpen, checkSize, checkWhen } from './booking-rules.js';
export { afterCursor, BOOKING_ORDER, BY_DATE_INDEX, findPage, type OrderedDoc } from './booking-order.js';
export { decideArrival } from './arrival-rules.js';
