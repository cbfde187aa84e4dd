import { describe, expect, it } from 'vitest';
import { projectionSpec } from '../../test/projection-spec.js';
import { seatingProjection } from './seating-projection.js';

const spec = projectionSpec(seatingProjection);
const date = '2026-11-21';
const stream = `seating-${date}`;
const reserved = (bookingId: string, tables?: string[]) => ({
  stream,
  type: 'SeatsReserved',
  data: {
    date,
    bookingId,
    kind: 'reservation',
    time: '19:00',
    partySize: 2,
    holdingMinutes: 90,
    capacity: 60,
    ...(tables ? { tables } : {}),
  },
});

describe('seating read model: a hold keeps its tables and its stay (issue 48)', () => {
  it('given holds at tables, when staff move one, place another and lengthen a stay, then the day document follows', () => {
    spec
      .given([
        reserved('a', ['1']),
        reserved('b'),
        { stream, type: 'TablesAssigned', data: { date, bookingId: 'a', from: ['1'], tables: ['4'], by: 'staff' } },
        { stream, type: 'TablesUnplaced', data: { date, bookingId: 'b' } },
      ])
      .when({ stream, type: 'StayChanged', data: { date, bookingId: 'a', from: 90, holdingMinutes: 120 } })
      .then((docs) =>
        expect(docs.get(date)).toMatchObject({
          holds: [
            { bookingId: 'a', tables: ['4'], holdingMinutes: 120 },
            { bookingId: 'b', tables: [], holdingMinutes: 90 },
          ],
        }),
      );
  });

  it('given three holds and the second released, when the first changes its seats, then it keeps its place in the list', () => {
    spec
      .given([reserved('a'), reserved('b'), reserved('c'), { stream, type: 'SeatsReleased', data: { date, bookingId: 'b' } }])
      .when({ ...reserved('a', ['2']), data: { ...reserved('a', ['2']).data, partySize: 4 } })
      .then((docs) =>
        expect(docs.get(date)?.holds).toEqual([
          { bookingId: 'a', kind: 'reservation', time: '19:00', partySize: 4, holdingMinutes: 90, tables: ['2'] },
          { bookingId: 'c', kind: 'reservation', time: '19:00', partySize: 2, holdingMinutes: 90 },
        ]),
      );
  });

  it('given a released hold, when a late table event arrives for it, then nothing is made up', () => {
    spec
      .given([reserved('a', ['1']), { stream, type: 'SeatsReleased', data: { date, bookingId: 'a' } }])
      .when({ stream, type: 'StayChanged', data: { date, bookingId: 'a', from: 90, holdingMinutes: 120 } })
      .thenNoDocument(date);
  });
});
