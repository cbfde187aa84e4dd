import { describe, expect, it } from 'vitest';
import { projectionSpec } from '../../test/projection-spec.js';
import { reportDaysProjection } from './report-days-projection.js';
import { reportBookingsMadeProjection } from './report-bookings-made-projection.js';
import { reportPartiesProjection } from './report-parties-projection.js';
import { reportEventsProjection } from './report-events-projection.js';
import { reportArrivalsProjection } from './report-arrivals-projection.js';

const seats = (date: string, bookingId: string, time: string, partySize: number) => ({
  stream: `seating-${date}`,
  type: 'SeatsReserved',
  data: { date, bookingId, kind: 'reservation', time, partySize, holdingMinutes: 120, capacity: 60 },
});
const released = (date: string, bookingId: string) => ({ stream: `seating-${date}`, type: 'SeatsReleased', data: { date, bookingId } });
const details = { name: 'Ada', email: 'ada@example.com', phone: '(262) 555-0101', partySize: 4, date: '2026-11-20', time: '18:00' };
const requested = (id: string, at: string) => ({
  stream: `reservation-${id}`,
  type: 'ReservationRequested',
  at,
  data: { reservationId: id, source: 'public', ...details },
});
const partyRequested = (id: string, at: string, date = '2026-12-12') => ({
  stream: `partyBooking-${id}`,
  type: 'PartyBookingRequested',
  at,
  data: { partyBookingId: id, source: 'public', ...details, eventType: 'birthday', partySize: 12, date },
});

describe('report_days projection', () => {
  const spec = projectionSpec(reportDaysProjection);

  it('given two bookings on a day, when one grows to 6, then the day holds its new size', () => {
    spec
      .given([seats('2026-11-20', 'r1', '18:00', 4), seats('2026-11-20', 'r2', '19:30', 2)])
      .when(seats('2026-11-20', 'r1', '18:00', 6))
      .thenDocument('2026-11-20', {
        holds: [
          { bookingId: 'r1', time: '18:00', size: 6 },
          { bookingId: 'r2', time: '19:30', size: 2 },
        ],
      });
  });

  it('given a booking, when it moves to another day, then it leaves the first day and the empty day goes', () => {
    const moved = spec
      .given([seats('2026-11-20', 'r1', '18:00', 4), seats('2026-11-21', 'r1', '12:00', 4)])
      .when(released('2026-11-20', 'r1'));
    moved.thenNoDocument('2026-11-20');
    moved.thenDocument('2026-11-21', { date: '2026-11-21', holds: [{ bookingId: 'r1', time: '12:00', size: 4 }] });
  });

  it('given a day, when seats are released for a booking it never held, then nothing changes', () => {
    spec
      .given([seats('2026-11-20', 'r1', '18:00', 4)])
      .when(released('2026-11-20', 'zz'))
      .thenDocument('2026-11-20', { holds: [{ bookingId: 'r1', time: '18:00', size: 4 }] });
  });

  const occurrence = (type: string, places: number, extra: object = {}) => ({
    stream: 'eventOccurrence-e1-2026-11-20',
    type,
    data: { signUpId: `s${places}`, eventId: 'e1', date: '2026-11-20', places, ...extra },
  });

  it("given a table, when a game night holds 12 seats, then the table's covers stay as they were", () => {
    spec
      .given([seats('2026-11-20', 'r1', '18:00', 4)])
      .when({ ...seats('2026-11-20', 'e1', '19:00', 12), data: { ...seats('2026-11-20', 'e1', '19:00', 12).data, kind: 'event' } })
      .thenDocument('2026-11-20', { holds: [{ bookingId: 'r1', time: '18:00', size: 4 }] });
  });

  it('given places taken and a waitlisted sign-up promoted, when a confirmed sign-up leaves, then the day counts the places left', () => {
    const day = spec
      .given([occurrence('EventPlacesTaken', 2), occurrence('EventWaitlistJoined', 3), occurrence('EventWaitlistPromoted', 3)])
      .when(occurrence('EventPlacesReleased', 2, { from: 'confirmed' }));
    day.thenDocument('2026-11-20', { events: { e1: 3 }, holds: [] });
    spec
      .given([occurrence('EventPlacesTaken', 2)])
      .when(occurrence('EventPlacesReleased', 2, { from: 'confirmed' }))
      .thenNoDocument('2026-11-20');
  });
});

describe('report_bookings_made projection', () => {
  const spec = projectionSpec(reportBookingsMadeProjection);

  it('given a reservation requested in an hour, when a party is requested in the same UTC hour, then the hour counts one of each', () => {
    spec
      .given([requested('r1', '2026-11-18T16:05:00.000Z')])
      .when(partyRequested('p1', '2026-11-18T16:59:00.000Z'))
      .thenDocument('2026-11-18T16', { reservations: 1, parties: 1 });
  });

  it('given a reservation, when it is cancelled, then it still counts as made (the projection does not listen)', () => {
    expect(reportBookingsMadeProjection.handles).not.toContain('ReservationCancelled');
  });
});

describe('report_parties projection', () => {
  const spec = projectionSpec(reportPartiesProjection);

  it('given a request, when staff approve it, then the party is recorded approved with its request time and date', () => {
    spec
      .given([partyRequested('p1', '2026-11-18T16:00:00.000Z')])
      .when({
        stream: 'partyBooking-p1',
        type: 'PartyBookingApproved',
        data: { partyBookingId: 'p1', approvedBy: 'o@x.com', approvedAt: 'x' },
      })
      .thenDocument('p1', { requestedAt: '2026-11-18T16:00:00.000Z', date: '2026-12-12', decision: 'approved', cancelled: false });
  });

  it('given a request, when its date changes, then the lead time reads the new date', () => {
    spec
      .given([partyRequested('p1', '2026-11-18T16:00:00.000Z')])
      .when({ stream: 'partyBooking-p1', type: 'PartyBookingDetailsChanged', data: { partyBookingId: 'p1', date: '2027-01-09' } })
      .thenDocument('p1', { date: '2027-01-09', decision: null });
  });

  it('given a request, when it is cancelled undecided, then it is kept as cancelled (it was still requested)', () => {
    spec
      .given([partyRequested('p1', '2026-11-18T16:00:00.000Z')])
      .when({ stream: 'partyBooking-p1', type: 'PartyBookingCancelled', data: { partyBookingId: 'p1' } })
      .thenDocument('p1', { decision: null, cancelled: true });
  });
});

describe('report_events projection', () => {
  const spec = projectionSpec(reportEventsProjection);
  const scheduled = {
    stream: 'cafeEvent-e1',
    type: 'CafeEventScheduled',
    data: { eventId: 'e1', title: 'Catan night', date: '2026-11-27', time: '18:00', maxAttendees: 24 },
  };

  it('given nothing, when an event is scheduled, then it has its max attendees and no sign-ups', () => {
    spec.given([]).when(scheduled).thenDocument('e1', { title: 'Catan night', date: '2026-11-27', maxAttendees: 24, signUps: 0 });
  });

  it('given an event, when its capacity changes, then the new one counts; when removed, it goes', () => {
    spec
      .given([scheduled])
      .when({ stream: 'cafeEvent-e1', type: 'CafeEventUpdated', data: { eventId: 'e1', maxAttendees: 30 } })
      .thenDocument('e1', { maxAttendees: 30, title: 'Catan night' });
    spec
      .given([scheduled])
      .when({ stream: 'cafeEvent-e1', type: 'CafeEventRemoved', data: { eventId: 'e1' } })
      .thenNoDocument('e1');
  });
});

describe('report_arrivals projection', () => {
  const spec = projectionSpec(reportArrivalsProjection);

  it('given a reservation moved to another day, when staff mark it no-show, then the no-show is on the day it moved to', () => {
    spec
      .given([
        requested('r1', '2026-11-18T16:00:00.000Z'),
        { stream: 'reservation-r1', type: 'ReservationChanged', data: { reservationId: 'r1', date: '2026-11-21', partySize: 5 } },
      ])
      .when({
        stream: 'reservation-r1',
        type: 'ReservationArrivalMarked',
        data: { reservationId: 'r1', status: 'no-show', from: 'expected' },
      })
      .thenDocument('reservation:r1', { bookingId: 'r1', date: '2026-11-21', time: '18:00', size: 5, status: 'no-show' });
  });

  it('given a no-show, when staff undo it, then it is expected again', () => {
    spec
      .given([
        requested('r1', '2026-11-18T16:00:00.000Z'),
        { stream: 'reservation-r1', type: 'ReservationArrivalMarked', data: { reservationId: 'r1', status: 'no-show', from: 'expected' } },
      ])
      .when({
        stream: 'reservation-r1',
        type: 'ReservationArrivalMarked',
        data: { reservationId: 'r1', status: 'expected', from: 'no-show' },
      })
      .thenDocument('reservation:r1', { status: 'expected' });
  });

  it('given a booking, when it is cancelled, then it leaves the read model', () => {
    spec
      .given([requested('r1', '2026-11-18T16:00:00.000Z')])
      .when({ stream: 'reservation-r1', type: 'ReservationCancelled', data: { reservationId: 'r1' } })
      .thenNoDocument('reservation:r1');
  });
});
