import { RESERVATION_NOT_FOUND, type ReservationEvent } from '@cafe/contracts';
import { bookingCommands, type BookingKind } from '../bookings/index.js';
import { reservationDecider, reservationStream, type ReservationCommand, type ReservationState } from './reservation-decider.js';

/** What the shared booking flows (and `ops seats reconcile`) need to know of a reservation. */
export const reservationKind: BookingKind<ReservationState, ReservationCommand, ReservationEvent> = {
  kind: 'reservation',
  decider: reservationDecider,
  stream: reservationStream,
  notFound: RESERVATION_NOT_FOUND,
  commands: {
    request: (reservationId, source, details, rules) => ({ type: 'RequestReservation', reservationId, source, details, ...rules }),
    change: (changes, rules) => ({ type: 'ChangeReservation', changes, ...rules }),
    cancel: (closure) => ({ type: 'CancelReservation', ...(closure ? { closure } : {}) }),
    erase: (guestKey) => ({ type: 'EraseReservationPersonalData', guestKey }),
  },
  details: (state) => (state.status === 'none' ? null : state.details),
  liveDetails: (state) => (state.status === 'requested' ? state.details : null),
  // A reservation holds its table from the moment it is made until it is cancelled.
  seats: (state) => {
    if (state.status !== 'requested') return null;
    const { date, time, partySize } = state.details;
    return { date, time, partySize, hold: true };
  },
};

/** Table reservations' commands (the booking core's flows for this kind): the routes call these and only reply. */
export const reservationCommands = bookingCommands(reservationKind);

export const {
  request: requestReservation,
  change: changeReservation,
  cancel: cancelReservation,
  erase: eraseReservationPersonalData,
  detailsAt: reservationDetailsAt,
} = reservationCommands;
