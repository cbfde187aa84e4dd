// The booking flow's public face: what reservations and party bookings share (the command flows and
// routes, the staff input they read, the answers' mapping, the lists' order). Below reservations and
// party bookings; the rules every booking obeys are booking-rules/, the day they decide on cafe-day/.
export { bookingCommands, type BookingKind, type DateRules, type SeatingOptions, type Versioned } from './booking-commands.js';
export { bookingRoutes, idParams, type BookingRouteCommands, type BookingRoutesKind } from './booking-routes.js';
export { bookingOut, partyOut, recordOut } from './booking-out.js';
export { detailsChangeFrom, seatingOptionsFrom } from './booking-input.js';
export { afterCursor, BOOKING_ORDER, BY_DATE_INDEX, findPage, type OrderedDoc } from './booking-order.js';
