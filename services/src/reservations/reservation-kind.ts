import { RESERVATION_NOT_FOUND } from '@cafe/contracts';
import type { BookingKind } from '../booking-flow/index.js';
import {
  reservationDecider,
  reservationStream,
  type ReservationCommand,
  type ReservationState,
  type ReservationStreamEvent,
} from './reservation-decider.js';

/** What the shared booking flows (and `ops seats reconcile`) need to know of a reservation. */
export const reservationKind: BookingKind<ReservationState, ReservationCommand, ReservationStreamEvent> = {
  kind: 'reservation',
  decider: reservationDecider,
  stream: reservationStream,
  notFound: RESERVATION_NOT_FOUND,
  commands: {
    request: (reservationId, source, details, rules) => ({ type: 'RequestReservation', reservationId, source, details, ...rules }),
    change: (changes, rules) => ({ type: 'ChangeReservation', changes, ...rules }),
    cancel: (closure) => ({ type: 'CancelReservation', ...(closure ? { closure } : {}) }),
    erase: (guestKey) => ({ type: 'EraseReservationPersonalData', guestKey }),
    arrival: (status) => ({ type: 'MarkReservationArrival', status }),
  },
  details: (state) => (state.status === 'none' ? null : state.details),
  liveDetails: (state) => (state.status === 'requested' ? state.details : null),
  // A reservation holds its table from the moment it is made until it is cancelled, or its guests did not come.
  seats: (state) => {
    if (state.status !== 'requested' || state.arrival === 'no-show') return null;
    const { date, time, partySize } = state.details;
    return { date, time, partySize, hold: true };
  },
};
