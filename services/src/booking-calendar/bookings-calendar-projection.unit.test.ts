import { describe, expect, it } from 'vitest';
import { projectionSpec, type GivenEvent } from '../../test/projection-spec.js';
import { bookingsCalendarProjection, calendarDocId } from './bookings-calendar-projection.js';

const party = (id: string): GivenEvent => ({
  stream: `partyBooking-${id}`,
  type: 'PartyBookingRequested',
  data: {
    partyBookingId: id,
    source: 'public',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    phone: '(262) 555-0111',
    eventType: 'birthday',
    partySize: 12,
    date: '2026-11-28',
    time: '18:00',
  },
});
const reservation = (id: string): GivenEvent => ({
  stream: `reservation-${id}`,
  type: 'ReservationRequested',
  data: {
    reservationId: id,
    source: 'public',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '(262) 555-0100',
    partySize: 4,
    date: '2026-11-21',
    time: '11:00',
  },
});
const spec = projectionSpec(bookingsCalendarProjection);

describe('bookings_calendar projection', () => {
  it('given nothing, when a reservation is requested, then one reservation row at its date and time', () => {
    spec
      .given([])
      .when(reservation('r1'))
      .thenDocument(calendarDocId('reservation', 'r1'), { kind: 'reservation', id: 'r1', date: '2026-11-21', time: '11:00', version: 0 });
  });

  it('given a pending party, when it is approved with notes, then the row is approved with those notes and the new version', () => {
    spec
      .given([party('p1')])
      .when({
        stream: 'partyBooking-p1',
        type: 'PartyBookingApproved',
        data: { partyBookingId: 'p1', approvedBy: 'owner@example.com', approvedAt: '2026-11-18T16:00:00.000Z', adminNotes: 'Cake at 7' },
      })
      .thenDocument(calendarDocId('party', 'p1'), { status: 'approved', adminNotes: 'Cake at 7', version: 1 });
  });

  it('given a reservation, when its time changes and special requests are cleared, then the row moves and loses them', () => {
    spec
      .given([{ ...reservation('r1'), data: { ...reservation('r1').data, specialRequests: 'Window' } }])
      .when({ stream: 'reservation-r1', type: 'ReservationChanged', data: { reservationId: 'r1', time: '17:30', specialRequests: null } })
      .then((docs) => {
        const doc = docs.get(calendarDocId('reservation', 'r1'))!;
        expect(doc.time).toBe('17:30');
        expect(doc).not.toHaveProperty('specialRequests');
      });
  });

  it('given both kinds, when the party is cancelled, then only the reservation stays', () => {
    spec
      .given([reservation('r1'), party('p1')])
      .when({ stream: 'partyBooking-p1', type: 'PartyBookingCancelled', data: { partyBookingId: 'p1' } })
      .then((docs) => expect([...docs.keys()]).toEqual([calendarDocId('reservation', 'r1')]));
  });
  it("given a reservation and a party, when each is marked arrived, then each row is at its stream's new version (If-Match)", () => {
    spec
      .given([
        reservation('r1'),
        party('p1'),
        { stream: 'partyBooking-p1', type: 'PartyBookingApproved', data: { partyBookingId: 'p1', approvedBy: 'a', approvedAt: 'x' } },
      ])
      .when({
        stream: 'reservation-r1',
        type: 'ReservationArrivalMarked',
        data: { reservationId: 'r1', status: 'arrived', from: 'expected' },
      })
      .thenDocument(calendarDocId('reservation', 'r1'), { version: 1, partySize: 4 });
    spec
      .given([
        party('p1'),
        { stream: 'partyBooking-p1', type: 'PartyBookingApproved', data: { partyBookingId: 'p1', approvedBy: 'a', approvedAt: 'x' } },
      ])
      .when({
        stream: 'partyBooking-p1',
        type: 'PartyBookingArrivalMarked',
        data: { partyBookingId: 'p1', status: 'no-show', from: 'expected' },
      })
      .thenDocument(calendarDocId('party', 'p1'), { version: 2, status: 'approved' });
  });
});
