import { describe, expect, it } from 'vitest';
import { datesOfRange } from './blocked-dates.js';

describe('datesOfRange', () => {
  it('lists every date of a range, both ends included, across a month and a leap day', () => {
    expect(datesOfRange('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
    expect(datesOfRange('2026-12-24', '2026-12-24')).toEqual(['2026-12-24']);
  });

  it('ends on the last calendar day, 9999-12-31, without reaching for the day after (no yyyy-MM-dd)', () => {
    expect(datesOfRange('9999-12-30', '9999-12-31')).toEqual(['9999-12-30', '9999-12-31']);
    expect(datesOfRange('9999-12-31', '9999-12-31')).toEqual(['9999-12-31']);
  });
});
