import { describe, expect, it } from 'vitest';
import { cafeNowIn, cafeTimeOfDay, slotHasPassed, slotsFor } from './time.js';
import { passedTimeMessage } from './booking-core.js';
import { PUBLIC_PARTY_SIZES } from './business.js';
import { DEFAULT_FACTS, partySizesOf } from './business-facts.js';
import { partyTooLargeMessage } from './seating.js';

// Wednesday 2026-11-18 at 8:10:30 PM in Chicago (CST, UTC-6); already Thursday in UTC.
const EVENING = new Date('2026-11-19T02:10:30.000Z');

describe("slotHasPassed: today's times before the café's clock, to the minute", () => {
  const now = cafeNowIn('America/Chicago', EVENING);

  it("reads the café's clock in its zone, not the machine's or UTC's", () => {
    expect(now).toEqual({ today: '2026-11-18', time: '20:10' });
    expect(cafeTimeOfDay('Europe/Berlin', EVENING)).toBe('03:10');
    expect(cafeTimeOfDay('America/Chicago', new Date('2026-07-01T05:00:00Z'))).toBe('00:00'); // CDT midnight
  });

  it('at 8:10 PM, today offers 8:30 PM on, tomorrow and later days every slot', () => {
    const open = (date: string) => slotsFor(date).filter((time) => !slotHasPassed(date, time, now));
    expect(open('2026-11-18')).toEqual(['20:30', '21:00', '21:30', '22:00']);
    expect(slotHasPassed('2026-11-18', '15:00', now)).toBe(true);
    expect(open('2026-11-19')).toEqual(slotsFor('2026-11-19'));
    expect(open('2026-11-17')).toEqual([]);
  });

  it('keeps a slot through its starting minute: 8:00 PM at 8:00:59, gone at 8:01', () => {
    const at = (iso: string) => cafeNowIn('America/Chicago', new Date(iso));
    expect(slotHasPassed('2026-11-18', '20:00', at('2026-11-19T02:00:59.000Z'))).toBe(false);
    expect(slotHasPassed('2026-11-18', '20:00', at('2026-11-19T02:01:00.000Z'))).toBe(true);
  });

  it('says which time passed', () => {
    expect(passedTimeMessage('15:00')).toBe('Sorry, 3:00 PM today has already passed. Please choose a later time.');
  });
});

describe('partySizesOf: the party sizes a café of N seats offers', () => {
  it("is SPEC's 6 to 24 for the default 60 seats, 6 to 20 for 20 seats, none below 6", () => {
    expect(partySizesOf(DEFAULT_FACTS, 60)).toEqual(PUBLIC_PARTY_SIZES);
    expect(partySizesOf(DEFAULT_FACTS, 20)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(partySizesOf(DEFAULT_FACTS, 5)).toEqual([]);
    expect(partyTooLargeMessage(24, 20)).toBe(
      'Sorry, a party of 24 is larger than the café can seat (20 seats). Please choose a smaller party.',
    );
  });
});
