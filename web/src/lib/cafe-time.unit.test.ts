/// <reference types="node" />
// The test sets the machine's zone (process.env.TZ); the web app itself has no Node types.
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '@cafe/contracts';
import { calendarDateOfPick, isoOfLocalDate, localDate, pickerValueOf } from './cafe-time';

/**
 * The date helpers every date field uses, in the café's zone, east of UTC and in UTC: Node reads a TZ
 * set at run time for the Dates made after it. `new Date('2026-12-15')` is the 14th's evening in
 * Chicago, which is how a picked day once became the day before.
 */
const ZONES = ['America/Chicago', 'Pacific/Auckland', 'UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
const startZone = process.env.TZ;

afterAll(() => {
  if (startZone === undefined) delete process.env.TZ;
  else process.env.TZ = startZone;
});

describe.each(ZONES)('calendar dates with the machine in %s', (zone) => {
  const inZone = () => {
    process.env.TZ = zone;
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
  };

  it('a day the picker reports is that day, with or without a time after it', () => {
    inZone();
    for (const day of ['2026-12-15', '2026-03-08', '2026-11-01', '2027-01-01', '2028-02-29']) {
      expect(calendarDateOfPick(day)).toBe(day);
      expect(calendarDateOfPick(`${day}T00:00:00`)).toBe(day);
      expect(calendarDateOfPick(`${day}T23:59:59`)).toBe(day);
    }
  });

  it('what is no calendar date is none', () => {
    inZone();
    for (const text of ['', '12/15/2026', '2026-02-30', '2026-13-01', '2026-12-1', '2026-12-15Z'])
      expect(calendarDateOfPick(text)).toBeNull();
  });

  it('a date goes to the picker and back unchanged, across a year and both daylight-saving changes', () => {
    inZone();
    for (let day = '2026-01-01'; day < '2027-01-02';) {
      expect(isoOfLocalDate(localDate(day))).toBe(day);
      expect(calendarDateOfPick(pickerValueOf(day))).toBe(day);
      const next = localDate(day);
      next.setDate(next.getDate() + 1);
      day = isoOfLocalDate(next);
    }
  });

  it("contracts' calendar arithmetic is the same in every zone", () => {
    inZone();
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-12-14')).toBe(1);
    expect(weekdayOf('2026-12-15')).toBe(2);
  });

  it('the evening-before bug is caught: an instant made of a date is not how a picked day is read', () => {
    inZone();
    const viaInstant = isoOfLocalDate(new Date('2026-12-15'));
    const westOfUtc = new Date('2026-12-15T00:00:00Z').getTimezoneOffset() > 0;
    expect(viaInstant).toBe(westOfUtc ? '2026-12-14' : '2026-12-15');
    expect(calendarDateOfPick('2026-12-15')).toBe('2026-12-15');
  });
});
