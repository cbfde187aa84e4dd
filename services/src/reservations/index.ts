// The reservations slice's public face: table reservations, one configuration of the booking core.
export { reservationsFeature } from './reservations-feature.js';
export { addWalkIn, markReservationArrival, cancelReservation, changeReservation, requestReservation } from './reservation-commands.js';
export { reservationKind } from './reservation-kind.js';
export { findReservation } from './reservations-projection.js';
export { reservationDecider, reservationStream, type ReservationState } from './reservation-decider.js';
export { reservationsEraser } from './reservations-eraser.js';
export { reservationMails, reservationReminders } from './reservation-mails.js';
export { reservationClosure } from './reservation-closure.js';
export { reservationNotices } from './reservation-notices.js';
