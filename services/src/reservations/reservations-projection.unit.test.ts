import { describe, it } from 'vitest';
import { projectionSpec } from '../../test/projection-spec.js';
import { reservationsProjection } from './reservations-projection.js';

const requested = {
  stream: 'reservation-r1',
  type: 'ReservationRequested',
  at: '2026-11-18T16:00:00.000Z',
  data: {
    reservationId: 'r1',
    source: 'public',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '(262) 555-0100',
    partySize: 4,
    date: '2026-11-21',
    time: '11:00',
  },
};
const spec = projectionSpec(reservationsProjection);

describe('reservations projection', () => {
  it('given nothing, when a visitor books, then the reservation is listed at version 0 with its source', () => {
    spec
      .given([])
      .when(requested)
      .thenDocument('r1', { id: 'r1', name: 'Ada Lovelace', source: 'public', version: 0, createdAt: requested.at });
  });

  it('given a reservation, when staff change its size, then the row shows the new size, version and update time', () => {
    spec
      .given([requested])
      .when({
        stream: 'reservation-r1',
        type: 'ReservationChanged',
        at: '2026-11-18T17:00:00.000Z',
        data: { reservationId: 'r1', partySize: 6 },
      })
      .thenDocument('r1', { partySize: 6, version: 1, updatedAt: '2026-11-18T17:00:00.000Z', createdAt: requested.at });
  });

  it('given a reservation, when it is cancelled, then it leaves the list', () => {
    spec
      .given([requested])
      .when({ stream: 'reservation-r1', type: 'ReservationCancelled', data: { reservationId: 'r1' } })
      .thenNoDocument('r1');
  });
  it('given a reservation, when its guests are marked arrived, then its version and update time follow the stream (If-Match)', () => {
    spec
      .given([requested])
      .when({
        stream: 'reservation-r1',
        type: 'ReservationArrivalMarked',
        at: '2026-11-21T17:05:00.000Z',
        data: { reservationId: 'r1', status: 'arrived', from: 'expected' },
      })
      .thenDocument('r1', { partySize: 4, version: 1, updatedAt: '2026-11-21T17:05:00.000Z' });
  });

  it("given nothing, when a walk-in is booked and seated in one append, then the row is at the second event's version", () => {
    spec
      .given([requested])
      .when({
        stream: 'reservation-r1',
        type: 'ReservationArrivalMarked',
        data: { reservationId: 'r1', status: 'seated', from: 'expected', walkIn: true },
      })
      .thenDocument('r1', { version: 1 });
  });
});
