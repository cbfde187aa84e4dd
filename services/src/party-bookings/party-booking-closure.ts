import { closureItem, closureView, rangeBooking, type ClosurePart } from '../platform/runtime/closure-parts.js';
import { cancelPartyBooking } from './party-booking-commands.js';
import { partyBookingDecider, partyBookingStream, type PartyBookingState } from './party-booking-decider.js';

/** Pending or approved: a rejected party has no guest to turn away. */
const live = (id: string, state: PartyBookingState, version: number) =>
  state.status === 'pending' || state.status === 'approved' ? rangeBooking('party', id, version, state.details, state.status) : null;

/**
 * A party booking's part in closing its day (the calendar lists it: booking-calendar's part): read on its
 * own stream, cancelled at the version read with the closure, which mails its guest why.
 */
export const partyBookingClosure: ClosurePart = {
  settles: {
    kind: 'party',
    read: async (runtime, id, closure, context) => {
      const stream = { streamId: partyBookingStream(id), ...partyBookingDecider };
      const view = await closureView(
        runtime,
        context,
        stream,
        (e) => (e.type === 'PartyBookingCancelled' ? e.data.closure : undefined),
        closure,
      );
      return closureItem(view, (state, version) => live(id, state, version));
    },
    cancel: async (runtime, booking, closure, context) => {
      await cancelPartyBooking(runtime, booking.id, booking.version, context, closure);
    },
  },
};
