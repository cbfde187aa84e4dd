// The booking flow's public face: what reservations and party bookings share (the command flows, each a
// plain function given the kind of booking, the routes, the staff input they read, the lookup of a
// booking in a kind's read models). Below reservations and party bookings; the rules every booking obeys
// (and every booking list's order and answer) are booking-rules/, the day they decide on cafe-day/.
export {
  requestBooking,
  requestBookingWith,
  changeBooking,
  cancelBooking,
  eraseBooking,
  markBookingArrival,
  onExistingBookingWithRules,
} from './booking-commands.js';
export type { BookingKind, CancelBooking, ChangeBooking, MarkArrival, RequestBooking, SeatingOptions } from './booking-kind.js';
// With a floor (issue 48): a booking's stay (its size's band, its longest game) and its tables as answers show them.
export type { BookingRuntime } from './booking-stay.js';
export { cancelledBookingsProjection, lookUpBooking } from './booking-lookup.js';
export { bookingRoutes, idParams } from './booking-routes.js';
export { seatingOptionsFrom } from './booking-input.js';
// The mails both kinds share (their lines, invitation, change, cancellation, reminder): each slice composes its own.
export { bookingReminders, cancelledMail, changedMail, type MailedBooking } from './booking-mails.js';
export {
  bookingInvite,
  detailLines,
  manageLink,
  people,
  stayLine,
  when,
  withStay,
  whatChanged,
  withGames,
  type BookingMailInput,
  type MailedDetails,
} from './booking-mail-parts.js';
