import { describe, it } from 'vitest';
import type { SeatHold, SeatingEvent } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { FullyBooked, seatingDecider, type SeatingCommand } from './seating-decider.js';

const spec = deciderSpec(seatingDecider, WEDNESDAY);
const date = '2026-11-21';
const hold = (bookingId: string, time: string, partySize: number, holdingMinutes = 120): SeatHold => ({
  bookingId,
  kind: 'reservation',
  time,
  partySize,
  holdingMinutes,
});
const reserved = (h: SeatHold, capacity = 10): SeatingEvent => ({ type: 'SeatsReserved', data: { date, ...h, capacity } });
const reserve = (h: SeatHold, override = false, capacity = 10): SeatingCommand => ({
  type: 'ReserveSeats',
  date,
  hold: h,
  capacity,
  override,
});
const FULL_AT_7 = 'Sorry, we are fully booked at 7:00 PM. Please choose another time.';

describe('seating decider (one stream per date)', () => {
  it('given an empty day, when 10 seats of 10 are reserved, then SeatsReserved', () => {
    spec
      .given([])
      .when(reserve(hold('a', '19:00', 10)))
      .then([reserved(hold('a', '19:00', 10))]);
  });

  it('given 6 of 10 seats held at 18:00 for 2 hours, when 6 more are asked for 19:00, then fully booked at 7:00 PM', () => {
    spec
      .given([reserved(hold('a', '18:00', 6))])
      .when(reserve(hold('b', '19:00', 6)))
      .thenThrows(FullyBooked, FULL_AT_7);
  });

  it('given 6 seats held at 17:00 for 2 hours, when 6 are asked for 19:00 (the table is free again), then reserved', () => {
    spec
      .given([reserved(hold('a', '17:00', 6))])
      .when(reserve(hold('b', '19:00', 6)))
      .then([reserved(hold('b', '19:00', 6))]);
  });

  it('given 6 seats held from 20:00, when 6 are asked for 19:00 for 2 hours (they would overlap at 20:00), then fully booked', () => {
    spec
      .given([reserved(hold('a', '20:00', 6))])
      .when(reserve(hold('b', '19:00', 6)))
      .thenThrows(FullyBooked, FULL_AT_7);
  });

  it('given a full slot, when staff override, then reserved and marked over capacity', () => {
    spec
      .given([reserved(hold('a', '19:00', 8))])
      .when(reserve(hold('b', '19:00', 4), true))
      .then([{ type: 'SeatsReserved', data: { date, ...hold('b', '19:00', 4), capacity: 10, overCapacity: true } }]);
  });

  it("given a booking's own seats, when it grows from 4 to 10, then its own seats do not count against it", () => {
    spec
      .given([reserved(hold('a', '19:00', 4))])
      .when(reserve(hold('a', '19:00', 10)))
      .then([reserved(hold('a', '19:00', 10))]);
  });

  it('given the same hold, when reserved again, then nothing (idempotent)', () => {
    spec
      .given([reserved(hold('a', '19:00', 4))])
      .when(reserve(hold('a', '19:00', 4)))
      .thenNothing();
  });

  it('given released seats, when the slot is asked for again, then they are free', () => {
    spec
      .given([reserved(hold('a', '19:00', 10)), { type: 'SeatsReleased', data: { date, bookingId: 'a' } }])
      .when(reserve(hold('b', '19:00', 10)))
      .then([reserved(hold('b', '19:00', 10))]);
  });

  it('given a held booking, when it is released, then SeatsReleased; releasing one that holds nothing decides nothing', () => {
    spec
      .given([reserved(hold('a', '19:00', 4))])
      .when({ type: 'ReleaseSeats', date, bookingId: 'a' })
      .then([{ type: 'SeatsReleased', data: { date, bookingId: 'a' } }]);
    spec.given([]).when({ type: 'ReleaseSeats', date, bookingId: 'a' }).thenNothing();
  });
  describe('ReconcileSeats (ops seats reconcile)', () => {
    const reconcile = (wanted: SeatHold[], capacity = 10): SeatingCommand => ({ type: 'ReconcileSeats', date, wanted, capacity });
    const released = (bookingId: string): SeatingEvent => ({ type: 'SeatsReleased', data: { date, bookingId } });

    it('given a stray hold and a right one, when reconciled with a missing booking, then the stray is released and the missing one reserved', () => {
      spec
        .given([reserved(hold('stray', '19:00', 4)), reserved(hold('b', '18:00', 2))])
        .when(reconcile([hold('b', '18:00', 2), hold('c', '20:00', 3)]))
        .then([released('stray'), reserved(hold('c', '20:00', 3))]);
    });

    it('given a full day, when a confirmed booking lacks its seats, then they are reserved over capacity, never refused', () => {
      spec
        .given([reserved(hold('a', '19:00', 8))])
        .when(reconcile([hold('a', '19:00', 8), hold('legacy', '19:30', 4)]))
        .then([{ type: 'SeatsReserved', data: { date, ...hold('legacy', '19:30', 4), capacity: 10, overCapacity: true } }]);
    });

    it('given seats released first, when reconciled, then the freed seats count for the reservations after them', () => {
      spec
        .given([reserved(hold('cancelled', '19:00', 8))])
        .when(reconcile([hold('legacy', '19:00', 8)]))
        .then([released('cancelled'), reserved(hold('legacy', '19:00', 8))]);
    });

    it('given a booking whose size changed, when reconciled, then its seats are reserved again at the new size', () => {
      spec
        .given([reserved(hold('a', '19:00', 4))])
        .when(reconcile([hold('a', '19:00', 6)]))
        .then([reserved(hold('a', '19:00', 6))]);
    });

    it('given the day already agrees (a hold keeps the holding time it was made with), when reconciled, then nothing', () => {
      spec
        .given([reserved(hold('a', '19:00', 4, 90))])
        .when(reconcile([hold('a', '19:00', 4, 120)]))
        .thenNothing();
    });
  });
});
