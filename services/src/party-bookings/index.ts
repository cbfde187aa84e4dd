// The party-bookings slice's public face: party requests staff approve or reject, one configuration of the booking core.
export { partyBookingsFeature } from './party-bookings-feature.js';
export {
  cancelPartyBooking,
  changePartyBookingDetails,
  decidePartyBooking,
  erasePartyBookingPersonalData,
  markPartyBookingArrival,
  partyBookingDetailsAt,
  partyBookingKind,
  requestPartyBooking,
} from './party-booking-commands.js';
export { partyBookingDecider, partyBookingStream, type PartyBookingState } from './party-booking-decider.js';
