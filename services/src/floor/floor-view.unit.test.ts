import { describe, expect, it } from 'vitest';
import { floorSchema } from '@cafe/contracts';
import { floorView, unplacedOf } from './floor-view.js';
import type { FloorDayDoc, FloorHold } from './floor-days-projection.js';
import type { FloorGuestDoc } from './floor-guests-projection.js';

const floor = floorSchema.parse({
  areas: [
    {
      name: 'Main',
      tables: [
        { name: '1', minSeats: 1, maxSeats: 2, online: true },
        { name: '6', minSeats: 3, maxSeats: 6, online: true },
        { name: '7', minSeats: 3, maxSeats: 6, online: true, x: 9, y: 9, shape: 'round' },
      ],
    },
    { name: 'Patio', tables: [{ name: 'P', minSeats: 2, maxSeats: 4, online: false }] },
  ],
  combinations: [{ tables: ['6', '7'], minSeats: 8, maxSeats: 12 }],
});
const hold = (bookingId: string, time: string, minutes: number, tables: string[], partySize = 2): FloorHold => ({
  bookingId,
  kind: 'reservation',
  time,
  partySize,
  holdingMinutes: minutes,
  tables,
});
const day: FloorDayDoc = {
  _id: '2026-11-21',
  date: '2026-11-21',
  holds: [
    hold('early', '17:00', 90, ['1']),
    hold('late', '19:00', 90, ['1']),
    hold('big', '18:00', 150, ['6', '7'], 12),
    hold('gone', '18:00', 90, ['P']),
    hold('lost', '18:00', 90, [], 5),
  ],
};
const guests = new Map<string, FloorGuestDoc>([
  ['early', { _id: 'early', name: 'Ada', arrival: 'seated' }],
  ['big', { _id: 'big', name: 'Party', arrival: 'arrived' }],
  ['gone', { _id: 'gone', name: 'Nobody', arrival: 'no-show' }],
  ['lost', { _id: 'lost', name: 'Five' }],
]);
const view = (time: string) => floorView({ floor, date: day.date, time, day, guests, unplaced: unplacedOf([day], guests) });

describe("the host's view", () => {
  it('given a couple seated past their stay at 18:45, then their table is over (red), with the next stay after it', () => {
    const one = view('18:45').tables.find((t) => t.name === '1')!;
    expect(one).toMatchObject({
      status: 'over',
      current: { bookingId: 'early', until: '18:30' },
      next: { bookingId: 'late', time: '19:00' },
    });
  });

  it('given a party of 12 at a combination, then both its tables are seated and the timeline draws the stay once', () => {
    const v = view('19:00');
    expect(v.tables.filter((t) => t.status === 'seated').map((t) => t.name)).toEqual(['6', '7']);
    expect(v.stays.filter((s) => s.bookingId === 'big')).toEqual([
      {
        bookingId: 'big',
        kind: 'reservation',
        name: 'Party',
        partySize: 12,
        tables: ['6', '7'],
        time: '18:00',
        until: '20:30',
        status: 'seated',
      },
    ]);
  });

  it('given a no-show, then it is not drawn and its table is free; a booking without a table is listed unplaced', () => {
    const v = view('18:15');
    expect(v.stays.map((s) => s.bookingId)).toEqual(['early', 'big', 'late']);
    expect(v.tables.find((t) => t.name === 'P')).toMatchObject({ status: 'free', current: null, next: null });
    expect(v.unplaced).toEqual([{ bookingId: 'lost', date: '2026-11-21', time: '18:00', name: 'Five', partySize: 5 }]);
  });

  it('given tables without a place on the plan, then a row per area; placed ones keep theirs', () => {
    const at = Object.fromEntries(view('12:00').tables.map((t) => [t.name, [t.x, t.y, t.shape]]));
    expect(at).toEqual({ '1': [0, 0, 'square'], '6': [3, 0, 'square'], '7': [9, 9, 'round'], P: [0, 3, 'square'] });
  });

  it('given no floor, then no tables and every stay of the day', () => {
    const v = floorView({ floor: null, date: day.date, time: '18:00', day, guests, unplaced: [] });
    expect(v).toMatchObject({ hasFloor: false, tables: [] });
    expect(v.stays).toHaveLength(4);
  });
});
