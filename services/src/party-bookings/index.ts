// The party-bookings slice's public face: party requests staff approve or reject, one configuration of the booking core.
export { partyBookingsFeature } from './party-bookings-feature.js';
export {
  cancelPartyBooking,
  changePartyBookingDetails,
  decidePartyBooking,
  markPartyBookingArrival,
  requestPartyBooking,
} from './party-booking-commands.js';
export { partyBookingKind } from './party-booking-kind.js';
export { findPartyBooking } from './party-bookings-projection.js';
export { partyBookingDecider, type PartyBookingState } from './party-booking-decider.js';
export { partyBookingsEraser } from './party-bookings-eraser.js';
export { partyBookingMails, partyBookingReminders } from './party-booking-mails.js';
export { partyBookingClosure } from './party-booking-closure.js';
export { partyBookingNotices } from './party-booking-notices.js';
