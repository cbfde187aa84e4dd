import { describe, expect, it } from 'vitest';
import type { SeatHold, SeatingEvent } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { DateClosed } from '../platform/commands/domain-errors.js';
import { fold } from '../platform/commands/decider.js';
import { FullyBooked, bookingsOnDay, seatingDecider, type SeatingCommand } from './seating-decider.js';

// A waitlist offer's hold (kind 'offer', issue 49): it takes seats as a guest's booking would, and the
// reservation taking it, under the same id, replaces it.
const spec = deciderSpec(seatingDecider, WEDNESDAY);
const date = '2026-11-21';
const hold = (bookingId: string, kind: SeatHold['kind'], partySize = 2): SeatHold => ({
  bookingId,
  kind,
  time: '19:00',
  partySize,
  holdingMinutes: 120,
});
const reserved = (h: SeatHold): SeatingEvent => ({ type: 'SeatsReserved', data: { date, ...h, capacity: 4 } });
const reserve = (h: SeatHold): SeatingCommand => ({ type: 'ReserveSeats', date, hold: h, capacity: 4, override: false });
const closed: SeatingEvent = {
  type: 'DayClosed',
  data: { date, closureId: 'c', blockedDateId: 'b', reason: 'Private event', bookings: [] },
};

describe("seats held for a waitlist offer (kind 'offer')", () => {
  it('given a couple and an offer to a couple in 4 seats, when another couple asks, then fully booked: the offer counts as taken', () => {
    spec
      .given([reserved(hold('a', 'reservation')), reserved(hold('o', 'offer'))])
      .when(reserve(hold('c', 'reservation')))
      .thenThrows(FullyBooked, /fully booked at 7:00 PM/);
  });

  it('given a full day with an offer, when the reservation with the offer id books, then it replaces the offer (its own seats do not count)', () => {
    spec
      .given([reserved(hold('a', 'reservation')), reserved(hold('o', 'offer'))])
      .when(reserve(hold('o', 'reservation')))
      .then([reserved(hold('o', 'reservation'))]);
  });

  it('given an offer on a day since closed, when its reservation books, then refused like any new booking', () => {
    spec
      .given([reserved(hold('o', 'offer')), closed])
      .when(reserve(hold('o', 'reservation')))
      .thenThrows(DateClosed, /Private event/);
  });

  it('an offer is no booking of the day (a closure lists only bookings), and the seats reconcile leaves it alone', () => {
    const state = fold(seatingDecider, [reserved(hold('a', 'reservation')), reserved(hold('o', 'offer'))]);
    expect(bookingsOnDay(state)).toEqual([{ bookingId: 'a', kind: 'reservation' }]);
    expect(
      seatingDecider.decide({ type: 'ReconcileSeats', date, wanted: [hold('a', 'reservation')], capacity: 4 }, state, WEDNESDAY),
    ).toEqual([]);
  });
});
