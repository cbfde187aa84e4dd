// The reservations slice's public face: table reservations, one configuration of the booking core.
export { reservationsFeature } from './reservations-feature.js';
export {
  addWalkIn,
  markReservationArrival,
  cancelReservation,
  changeReservation,
  eraseReservationPersonalData,
  requestReservation,
  reservationDetailsAt,
  reservationKind,
} from './reservation-commands.js';
export { reservationDecider, reservationStream, type ReservationState } from './reservation-decider.js';
