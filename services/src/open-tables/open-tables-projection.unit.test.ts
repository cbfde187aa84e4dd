import { describe, expect, it } from 'vitest';
import { PERSONAL_DATA_ERASED } from '@cafe/contracts';
import { projectionSpec } from '../../test/projection-spec.js';
import { tableIdOf } from './open-table-decider.js';
import { openSeatsLeft, openTablesProjection, type OpenTableDoc } from './open-tables-projection.js';

const tableId = tableIdOf('r1');
const stream = `openTable-${tableId}`;
const opened = {
  stream,
  type: 'TableOpened',
  data: {
    tableId,
    reservationId: 'r1',
    date: '2026-11-21',
    time: '19:00',
    hostEmail: 'ada@example.com',
    hostFirstName: 'Ada',
    game: 'Catan',
    seats: 2,
  },
};
const asked = {
  stream,
  type: 'JoinRequested',
  data: { tableId, requestId: 'q1', name: 'Joan Joiner', email: 'joan@example.com', partySize: 2 },
};
const accepted = { stream, type: 'JoinAccepted', data: { tableId, requestId: 'q1', partySize: 2 } };
const spec = projectionSpec(openTablesProjection);

describe('open_tables projection', () => {
  it('given a table, when a request is accepted, then its seats are taken', () =>
    spec.given([opened, asked]).when(accepted).thenDocument(tableId, { seatsTaken: 2, open: true, hostFirstName: 'Ada' }));

  it('given a table, when the reservation moves, then the table follows its date and time', () =>
    spec
      .given([opened])
      .when({ stream: 'reservation-r1', type: 'ReservationChanged', data: { reservationId: 'r1', date: '2026-11-22', time: '18:00' } })
      .thenDocument(tableId, { date: '2026-11-22', time: '18:00' }));

  it('given a table, when the reservation is cancelled or a no-show, then it is no longer live', () => {
    spec
      .given([opened])
      .when({ stream: 'reservation-r1', type: 'ReservationCancelled', data: { reservationId: 'r1' } })
      .thenDocument(tableId, { reservationLive: false });
    spec
      .given([opened])
      .when({
        stream: 'reservation-r1',
        type: 'ReservationArrivalMarked',
        data: { reservationId: 'r1', status: 'no-show', from: 'expected' },
      })
      .thenDocument(tableId, { reservationLive: false });
  });

  it('given the host is forgotten, then the first name is blanked; a forgotten joiner keeps their seats', () => {
    spec
      .given([opened])
      .when({ stream: 'reservation-r1', type: 'ReservationPersonalDataErased', data: { reservationId: 'r1', guestKey: 'k' } })
      .thenDocument(tableId, { hostFirstName: '' });
    spec
      .given([opened, asked, accepted])
      .when({ stream, type: 'JoinerPersonalDataErased', data: { tableId, requestId: 'q1', guestKey: 'k' } })
      .thenDocument(tableId, {
        seatsTaken: 2,
        requests: [expect.objectContaining({ name: PERSONAL_DATA_ERASED, email: '', status: 'accepted' })],
      });
  });

  it('a reservation event of a reservation with no open table makes no document', () =>
    spec
      .given([])
      .when({ stream: 'reservation-r2', type: 'ReservationCancelled', data: { reservationId: 'r2' } })
      .thenNoDocument(tableIdOf('r2')));

  it('given 2 shared seats, when the party shrinks to 2, then the table shows 1 seat left: it follows its reservation', () => {
    spec
      .given([opened])
      .when({ stream: 'reservation-r1', type: 'ReservationChanged', data: { reservationId: 'r1', partySize: 2 } })
      .thenDocument(tableId, { hostPartySize: 2, date: '2026-11-21' });
    const doc = { seats: 2, seatsTaken: 0, hostPartySize: 2 } as unknown as OpenTableDoc;
    expect(openSeatsLeft(doc)).toBe(1);
    expect(openSeatsLeft({ ...doc, hostPartySize: undefined })).toBe(2);
  });
});
