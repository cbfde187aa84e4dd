import { describe, expect, it } from 'vitest';
import type { SeatHold, SeatingEvent } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { Conflict, DateClosed } from '../platform/commands/domain-errors.js';
import { FullyBooked, bookingsOnDay, seatingDecider, seatsFreeFor, type SeatingCommand } from './seating-decider.js';
import { fold } from '../platform/commands/decider.js';

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

  describe('a closed day (DayClosed on the same stream as every booking)', () => {
    const closure = { closureId: 'c1', blockedDateId: 'b1', reason: 'Burst pipe' };
    const CLOSED = 'Sorry, we are closed on this date: Burst pipe';
    const closed = (bookings: { bookingId: string; kind: 'reservation' | 'party' }[] = []): SeatingEvent => ({
      type: 'DayClosed',
      data: { date, ...closure, bookings },
    });
    const request = (bookingId: string, time = '18:00', partySize = 8, override = false): SeatingCommand => ({
      type: 'RequestSeats',
      date,
      request: { bookingId, kind: 'party', time, partySize },
      holdingMinutes: 120,
      capacity: 10,
      override,
    });
    const requested = (bookingId: string, time = '18:00', partySize = 8): SeatingEvent => ({
      type: 'SeatsRequested',
      data: { date, bookingId, kind: 'party', time, partySize },
    });

    it('given a held reservation and a pending request, when the day is closed, then DayClosed lists both', () => {
      spec
        .given([reserved(hold('a', '19:00', 2)), requested('p')])
        .when({ type: 'CloseDay', date, closure })
        .then([
          closed([
            { bookingId: 'a', kind: 'reservation' },
            { bookingId: 'p', kind: 'party' },
          ]),
        ]);
    });

    it("given a closed day, when a new booking asks for seats, then refused with SPEC's closed message (staff override too)", () => {
      spec
        .given([closed()])
        .when(reserve(hold('b', '19:00', 2)))
        .thenThrows(DateClosed, CLOSED);
      spec
        .given([closed()])
        .when(reserve(hold('b', '19:00', 2), true))
        .thenThrows(DateClosed, CLOSED);
    });

    it('given a closed day, when a new pending party request is recorded, then refused as closed', () => {
      spec.given([closed()]).when(request('p')).thenThrows(DateClosed, CLOSED);
    });

    it('given an open day, when a pending request fits, then SeatsRequested (it holds nothing); when it does not fit, fully booked', () => {
      spec
        .given([])
        .when(request('p'))
        .then([requested('p')]);
      spec
        .given([reserved(hold('a', '18:00', 4))])
        .when(request('p'))
        .thenThrows(FullyBooked, 'Sorry, we are fully booked at 6:00 PM. Please choose another time.');
    });

    it('given a pending request, when another booking reserves, then the request holds none of the seats', () => {
      spec
        .given([requested('p', '19:00', 8)])
        .when(reserve(hold('a', '19:00', 10)))
        .then([reserved(hold('a', '19:00', 10))]);
    });

    it('given a booking kept on a closed day, when it is approved or changes size, then its seats follow (it is on the day)', () => {
      spec
        .given([requested('p', '18:00', 8), closed([{ bookingId: 'p', kind: 'party' }])])
        .when(reserve({ ...hold('p', '18:00', 8), kind: 'party' }))
        .then([reserved({ ...hold('p', '18:00', 8), kind: 'party' })]);
      spec
        .given([reserved(hold('a', '19:00', 2)), closed([{ bookingId: 'a', kind: 'reservation' }])])
        .when(reserve(hold('a', '19:00', 4)))
        .then([reserved(hold('a', '19:00', 4))]);
    });

    it('given a closed day, when the same closure closes it again, then nothing; another closure is refused as already blocked', () => {
      spec.given([closed()]).when({ type: 'CloseDay', date, closure }).thenNothing();
      spec
        .given([closed()])
        .when({ type: 'CloseDay', date, closure: { closureId: 'c2', blockedDateId: 'b2', reason: 'Other' } })
        .thenThrows(Conflict, 'Saturday, November 21, 2026 is already blocked: Burst pipe');
    });

    it('given a closed day, when its block reopens it, then DayReopened and bookings are taken again; another block id changes nothing', () => {
      spec
        .given([closed()])
        .when({ type: 'ReopenDay', date, blockedDateId: 'b1' })
        .then([{ type: 'DayReopened', data: { date, blockedDateId: 'b1' } }]);
      spec.given([closed()]).when({ type: 'ReopenDay', date, blockedDateId: 'other' }).thenNothing();
      spec
        .given([closed(), { type: 'DayReopened', data: { date, blockedDateId: 'b1' } }])
        .when(reserve(hold('b', '19:00', 2)))
        .then([reserved(hold('b', '19:00', 2))]);
    });

    it('given a closed day with a booking on it, when the booking is released, then SeatsReleased (cancelling is never refused)', () => {
      spec
        .given([requested('p'), closed([{ bookingId: 'p', kind: 'party' }])])
        .when({ type: 'ReleaseSeats', date, bookingId: 'p' })
        .then([{ type: 'SeatsReleased', data: { date, bookingId: 'p' } }]);
    });
  });

  describe("an event's seats (kind 'event': its places taken, or the seats staff set)", () => {
    const event = (partySize: number, time = '19:00', holdingMinutes = 180): SeatHold => ({
      bookingId: 'night',
      kind: 'event',
      time,
      partySize,
      holdingMinutes,
    });
    const closure = { closureId: 'c1', blockedDateId: 'b1', reason: 'Burst pipe' };
    const NO_SEATS =
      "Not enough seats on Saturday, November 21, 2026 at 7:00 PM: 4 of the café's 10 seats are free then and this event needs 6. Give it fewer seats (0 if it is held in another room) or another time.";

    it('given 6 of 10 seats held by a 7 PM game night, when a table of 5 asks for 8 PM (inside the night), then fully booked; 4 fit', () => {
      spec
        .given([reserved(event(6))])
        .when(reserve(hold('t', '20:00', 5)))
        .thenThrows(FullyBooked, 'Sorry, we are fully booked at 8:00 PM. Please choose another time.');
      spec
        .given([reserved(event(6))])
        .when(reserve(hold('t', '20:00', 4)))
        .then([reserved(hold('t', '20:00', 4))]);
    });

    it('given tables holding 6 of 10 at 7 PM, when the night grows to 6 seats, then refused with the date, the seats free and the seats it needs', () => {
      spec
        .given([reserved(hold('t', '19:00', 6)), reserved(event(4))])
        .when(reserve(event(6)))
        .thenThrows(FullyBooked, NO_SEATS);
      spec
        .given([reserved(hold('t', '19:00', 6)), reserved(event(3))])
        .when(reserve(event(4)))
        .then([reserved(event(4))]);
    });

    it('given a day over capacity (staff booked anyway), when the night gives seats back, then they are released, never refused', () => {
      spec
        .given([reserved(event(6)), { type: 'SeatsReserved', data: { date, ...hold('t', '19:00', 8), capacity: 10, overCapacity: true } }])
        .when(reserve(event(5)))
        .then([{ type: 'SeatsReserved', data: { date, ...event(5), capacity: 10, overCapacity: true } }]);
    });

    it('given a closed day, when the night asks for more seats, then refused as closed; fewer seats are given back', () => {
      const closed: SeatingEvent = { type: 'DayClosed', data: { date, ...closure, bookings: [] } };
      spec
        .given([reserved(event(4)), closed])
        .when(reserve(event(5)))
        .thenThrows(DateClosed, 'Sorry, we are closed on this date: Burst pipe');
      spec
        .given([closed])
        .when(reserve(event(1)))
        .thenThrows(DateClosed, 'Sorry, we are closed on this date: Burst pipe');
      spec
        .given([reserved(event(4)), closed])
        .when(reserve(event(3)))
        .then([reserved(event(3))]);
    });

    it('given a night moved to 9 PM, when its seats follow, then they are checked at the new time; releasing it frees them', () => {
      spec
        .given([reserved(event(4)), reserved(hold('t', '21:00', 8))])
        .when(reserve(event(4, '21:00')))
        .thenThrows(FullyBooked, /Not enough seats on Saturday, November 21, 2026 at 9:00 PM: 2 of the café's 10 seats/);
      spec
        .given([reserved(event(4))])
        .when({ type: 'ReleaseSeats', date, bookingId: 'night' })
        .then([{ type: 'SeatsReleased', data: { date, bookingId: 'night' } }]);
    });

    it("given a night and a table, then the closure lists only the table (sign-ups are the event's), and the night sees what the tables leave", () => {
      const state = fold(seatingDecider, [reserved(event(4)), reserved(hold('t', '20:00', 3))]);
      expect(bookingsOnDay(state)).toEqual([{ bookingId: 't', kind: 'reservation' }]);
      expect(seatsFreeFor(state, 'night', '19:00', 180, 10)).toBe(7);
      expect(seatsFreeFor(state, 't', '20:00', 120, 10)).toBe(6);
    });
  });
});
