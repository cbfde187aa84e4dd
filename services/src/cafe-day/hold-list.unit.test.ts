import { describe, expect, it } from 'vitest';
import type { SeatHold } from '@cafe/contracts';
import { holdIn, holdList, withHold, withoutHold } from './hold-list.js';
import { seatingProjection, type SeatingDayDoc } from './seating-projection.js';

const hold = (bookingId: string, time = '19:00', partySize = 2): SeatHold => ({
  bookingId,
  kind: 'reservation',
  time,
  partySize,
  holdingMinutes: 90,
});

describe("a day document's holds as a list", () => {
  it('given holds, when one changes, one goes and one comes, then the changed one keeps its place and the new one is last', () => {
    const day = [hold('a'), hold('b'), hold('c')];
    const next = withHold(withoutHold(withHold(day, hold('a', '20:00', 4)), 'b')!, hold('d'));
    expect(next.map((h) => [h.bookingId, h.time])).toEqual([
      ['a', '20:00'],
      ['c', '19:00'],
      ['d', '19:00'],
    ]);
    expect(day.map((h) => h.bookingId)).toEqual(['a', 'b', 'c']);
    expect(withoutHold(day, 'zz')).toBeNull();
    expect(holdIn(day, 'c')).toBe(day[2]);
  });

  it('given a document stored before the holds were a list (a record by booking), then it reads and evolves as a list', () => {
    const stored = { a: { kind: 'reservation', time: '18:00', partySize: 3, holdingMinutes: 90 }, b: hold('b') };
    const legacy = stored as unknown as SeatHold[];
    expect(holdList(legacy).map((h) => [h.bookingId, h.partySize])).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    expect(holdIn(legacy, 'a')?.time).toBe('18:00');
    // The old document keeps taking the live events while the new version is rebuilt beside it.
    const old: SeatingDayDoc = { _id: '2026-11-21', date: '2026-11-21', holds: legacy };
    const event = { type: 'SeatsReleased', data: { date: '2026-11-21', bookingId: 'b' } };
    const next = seatingProjection.evolve(old, event as never, '2026-11-21') as SeatingDayDoc;
    expect(next.holds).toEqual([{ bookingId: 'a', kind: 'reservation', time: '18:00', partySize: 3, holdingMinutes: 90 }]);
  });
});
