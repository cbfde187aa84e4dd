import { PARTY_BOOKING_NOT_FOUND, type PartyBookingDetails } from '@cafe/contracts';
import type { BookingKind } from '../booking-flow/index.js';
import {
  partyBookingDecider,
  partyBookingStream,
  type PartyBookingCommand,
  type PartyBookingState,
  type PartyBookingStreamEvent,
} from './party-booking-decider.js';

/** What the shared booking flows (and `ops seats reconcile`) need to know of a party booking. */
export const partyBookingKind: BookingKind<PartyBookingState, PartyBookingCommand, PartyBookingStreamEvent, PartyBookingDetails> = {
  kind: 'party',
  decider: partyBookingDecider,
  stream: partyBookingStream,
  notFound: PARTY_BOOKING_NOT_FOUND,
  commands: {
    request: (partyBookingId, source, details, rules) => ({ type: 'RequestPartyBooking', partyBookingId, source, details, ...rules }),
    change: (changes, rules, by) => ({ type: 'ChangePartyBookingDetails', changes, ...rules, by }),
    cancel: (closure) => ({ type: 'CancelPartyBooking', ...(closure ? { closure } : {}) }),
    erase: (guestKey) => ({ type: 'ErasePartyBookingPersonalData', guestKey }),
    arrival: (status) => ({ type: 'MarkPartyBookingArrival', status }),
  },
  details: (state) => (state.status === 'none' ? null : state.details),
  liveDetails: (state) => (state.status === 'none' || state.status === 'cancelled' ? null : state.details),
  /**
   * An approved party holds its seats. A pending request holds none (a request nobody decides must not
   * keep tables from walk-in guests) but must fit when made or moved: the café would not approve a party
   * it cannot seat, so the guest hears "fully booked" now rather than a rejection days later. An approved
   * party its guest made larger or moved holds the approved seats until staff decide (`held`): the new
   * details are checked when staff approve them.
   */
  seats: (state) => {
    if (state.status === 'pending' && state.held) {
      const { date, time, partySize } = state.held;
      return { date, time, partySize, hold: true };
    }
    if (state.status !== 'pending' && state.status !== 'approved') return null;
    // Guests who did not come give their seats back.
    if (state.status === 'approved' && state.arrival === 'no-show') return null;
    const { date, time, partySize } = state.details;
    return { date, time, partySize, hold: state.status === 'approved' };
  },
};
