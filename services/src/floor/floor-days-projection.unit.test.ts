import { describe, expect, it } from 'vitest';
import type { SeatingEvent } from '@cafe/contracts';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { floorDaysProjection, isUnplaced, type FloorDayDoc } from './floor-days-projection.js';

const DATE = '2027-03-06';
const recorded = (e: SeatingEvent): RecordedEvent => ({ type: e.type, data: e.data }) as RecordedEvent;

describe('floor_days: the day marked while a booking has no table', () => {
  it('given a day of reservations, moves, unplacements and releases, then `unplaced` is set exactly while one is unplaced', () => {
    let seed = 5;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let doc: FloorDayDoc | null = null;
    let marked = 0;
    for (let step = 0; step < 2000; step++) {
      // A few bookings, mostly placed: the mark comes and goes.
      const bookingId = `b${Math.floor(random() * 6)}`;
      const roll = random();
      const placed = random() < 0.85 ? ['Four 1'] : [];
      const event: SeatingEvent =
        roll < 0.4
          ? {
              type: 'SeatsReserved',
              data: {
                date: DATE,
                bookingId,
                kind: 'reservation',
                time: '19:00',
                partySize: 2,
                holdingMinutes: 60,
                tables: placed,
                capacity: 60,
              },
            }
          : roll < 0.55
            ? { type: 'TablesAssigned', data: { date: DATE, bookingId, from: [], tables: ['Two 3'], by: 'staff' } }
            : roll < 0.7
              ? { type: 'TablesUnplaced', data: { date: DATE, bookingId } }
              : roll < 0.8
                ? { type: 'StayChanged', data: { date: DATE, bookingId, from: 60, holdingMinutes: 90 } }
                : { type: 'SeatsReleased', data: { date: DATE, bookingId } };
      doc = floorDaysProjection.evolve(doc, recorded(event), DATE) as FloorDayDoc | null;
      expect(doc?.unplaced === true).toBe(doc?.holds.some(isUnplaced) ?? false);
      if (doc?.unplaced) marked++;
    }
    expect(marked).toBeGreaterThan(100);
  });
});
