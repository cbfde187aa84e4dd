import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, slotsFor } from '@cafe/contracts';
import { offeredSlots } from './offered-slots';

// Wednesday 2026-11-18 at 8:10 PM in the café: the server's availability lists 8:30 PM on.
const TODAY = '2026-11-18';
const evening = { date: TODAY, slots: ['20:30', '21:00', '21:30', '22:00'].map((time) => ({ time, remaining: 60 })) };

describe("offeredSlots: the time list offers none of today's times the café has passed", () => {
  it('today offers what the availability lists: 8:30 PM first, no 3:00 PM', () => {
    expect(offeredSlots(TODAY, DEFAULT_OPENING_HOURS, TODAY, evening)).toEqual(['20:30', '21:00', '21:30', '22:00']);
  });
  it('today offers nothing while the availability loads, or once every time has passed', () => {
    expect(offeredSlots(TODAY, DEFAULT_OPENING_HOURS, TODAY, null)).toEqual([]);
    expect(offeredSlots(TODAY, DEFAULT_OPENING_HOURS, TODAY, { date: TODAY, slots: [] })).toEqual([]);
    expect(offeredSlots(TODAY, DEFAULT_OPENING_HOURS, TODAY, { ...evening, date: '2026-11-17' })).toEqual([]);
  });
  it('a later day offers all its times at once, and a list without today the hours’ slots', () => {
    expect(offeredSlots('2026-11-19', DEFAULT_OPENING_HOURS, TODAY, null)[0]).toBe('15:00');
    expect(offeredSlots(TODAY, DEFAULT_OPENING_HOURS)).toEqual(slotsFor(TODAY));
    expect(offeredSlots('', DEFAULT_OPENING_HOURS, TODAY, evening)).toEqual([]);
  });
});
