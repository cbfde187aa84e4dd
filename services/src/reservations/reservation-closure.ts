import { closureItem, closureView, rangeBooking, type ClosurePart } from '../platform/runtime/closure-parts.js';
import { cancelReservation } from './reservation-commands.js';
import { reservationDecider, reservationStream, type ReservationState } from './reservation-decider.js';

const live = (id: string, state: ReservationState, version: number) =>
  state.status === 'requested' ? rangeBooking('reservation', id, version, state.details) : null;

/**
 * A reservation's part in closing its day (the calendar lists it: booking-calendar's part): read on its
 * own stream, cancelled at the version read with the closure, which mails its guest why.
 */
export const reservationClosure: ClosurePart = {
  settles: {
    kind: 'reservation',
    read: async (runtime, id, closure, context) => {
      const stream = { streamId: reservationStream(id), ...reservationDecider };
      const view = await closureView(
        runtime,
        context,
        stream,
        (e) => (e.type === 'ReservationCancelled' ? e.data.closure : undefined),
        closure,
      );
      return closureItem(view, (state, version) => live(id, state, version));
    },
    cancel: async (runtime, booking, closure, context) => {
      await cancelReservation(runtime, booking.id, booking.version, context, closure);
    },
  },
};
