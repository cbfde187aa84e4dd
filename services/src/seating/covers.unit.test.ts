import { describe, expect, it } from 'vitest';
import type { SeatHold } from '@cafe/contracts';
import { dayCovers } from './covers.js';

const hold = (bookingId: string, time: string, partySize: number): SeatHold => ({
  bookingId,
  kind: 'reservation',
  time,
  partySize,
  holdingMinutes: 120,
});

describe('a day’s covers from its seats', () => {
  it('totals the people and gives per hour the most seated at once (2-hour holds)', () => {
    // Wednesday 2026-11-18: the default hours seat guests 3 PM – 10 PM.
    const day = dayCovers('2026-11-18', [hold('a', '18:00', 4), hold('b', '18:30', 6), hold('c', '20:00', 2)], undefined);
    expect(day.total).toBe(12);
    expect(day.hours.map((h) => h.hour)).toEqual([15, 16, 17, 18, 19, 20, 21, 22]);
    expect(Object.fromEntries(day.hours.map((h) => [h.hour, h.seated]))).toEqual({
      15: 0,
      16: 0,
      17: 0,
      18: 10,
      19: 10,
      20: 8,
      21: 2,
      22: 0,
    });
  });

  it('a day the hours close, with no seats held, has no hours', () => {
    const thanksgiving = { date: '2026-11-26', closed: true, open: '', close: '', note: 'Thanksgiving' };
    expect(dayCovers('2026-11-26', [], { hoursExceptions: [thanksgiving] })).toEqual({
      date: '2026-11-26',
      total: 0,
      eventGuests: 0,
      hours: [],
    });
  });

  it("counts an event's seats in the hours (the room is full) but not in the tables' covers: its guests come apart", () => {
    const night: SeatHold = { bookingId: 'e1', kind: 'event', time: '19:00', partySize: 12, holdingMinutes: 180 };
    const day = dayCovers('2026-11-18', [hold('a', '18:00', 4), night], undefined, 10);
    expect([day.total, day.eventGuests]).toEqual([4, 10]);
    expect(day.hours.find((h) => h.hour === 19)!.seated).toBe(16);
  });
});
