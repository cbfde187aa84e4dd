import { afterEach, describe, expect, it } from 'vitest';
import { todayIn } from '@cafe/contracts';
import { bookingsFilter, datesOf, narrow, viewRange } from './bookings-queries.js';

const ZONE = 'America/Chicago';
const filters = { reservations: true, parties: true };

describe('viewRange: weeks start on Sunday, months are whole, the list reaches back 7 days', () => {
  it.each([
    // date, its week (Sunday … Saturday)
    ['2026-03-07', '2026-03-01', '2026-03-07'], // Saturday before DST starts
    ['2026-03-08', '2026-03-08', '2026-03-14'], // DST starts (Sunday, 23-hour day)
    ['2026-03-09', '2026-03-08', '2026-03-14'],
    ['2026-10-31', '2026-10-25', '2026-10-31'], // Saturday before DST ends
    ['2026-11-01', '2026-11-01', '2026-11-07'], // DST ends (Sunday, 25-hour day)
    ['2026-11-18', '2026-11-15', '2026-11-21'],
    ['2026-12-31', '2026-12-27', '2027-01-02'], // across the year end
    ['2027-01-01', '2026-12-27', '2027-01-02'],
    ['2027-01-03', '2027-01-03', '2027-01-09'],
    ['2026-02-28', '2026-02-22', '2026-02-28'], // month end
    ['2026-03-01', '2026-03-01', '2026-03-07'],
  ])('week of %s is %s … %s', (date, from, to) => {
    expect(viewRange('week', '2026-01-01', date)).toEqual({ from, to });
    expect(datesOf({ from, to })).toHaveLength(7);
  });

  it('week defaults to the week of today', () => {
    expect(viewRange('week', '2026-11-18')).toEqual({ from: '2026-11-15', to: '2026-11-21' });
  });

  it.each([
    ['2026-02-10', '2026-02-01', '2026-02-28', 28],
    ['2028-02-10', '2028-02-01', '2028-02-29', 29], // leap year
    ['2026-03-08', '2026-03-01', '2026-03-31', 31], // DST month
    ['2026-11-01', '2026-11-01', '2026-11-30', 30], // DST month
    ['2026-12-31', '2026-12-01', '2026-12-31', 31],
    ['2027-01-01', '2027-01-01', '2027-01-31', 31],
  ])('month of %s is %s … %s (%i days)', (date, from, to, days) => {
    expect(viewRange('month', '2026-01-01', date)).toEqual({ from, to });
    expect(datesOf({ from, to })).toHaveLength(days);
  });

  it.each([
    ['2026-11-18', '2026-11-11'],
    ['2026-03-10', '2026-03-03'], // across DST start
    ['2026-11-05', '2026-10-29'], // across DST end
    ['2026-03-01', '2026-02-22'], // across a month end
    ['2027-01-03', '2026-12-27'], // across the year end
  ])('list view on %s starts %s and is open-ended', (today, from) => {
    expect(viewRange('list', today)).toEqual({ from, to: null });
  });

  it('today is just today, whatever date is asked', () => {
    expect(viewRange('today', '2026-12-31', '2026-06-01')).toEqual({ from: '2026-12-31', to: '2026-12-31' });
  });
});

describe('narrow: the Filter dialog’s date from / to within a view', () => {
  it('intersects, opens the list only as far as asked, and yields null when nothing is left', () => {
    expect(narrow({ from: '2026-11-15', to: '2026-11-21' }, { from: '2026-11-17' })).toEqual({ from: '2026-11-17', to: '2026-11-21' });
    expect(narrow({ from: '2026-11-15', to: '2026-11-21' }, { to: '2026-12-01' })).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(narrow({ from: '2026-11-11', to: null }, { to: '2026-12-01' })).toEqual({ from: '2026-11-11', to: '2026-12-01' });
    expect(narrow({ from: '2026-11-11', to: null }, { from: '2026-11-01' })).toEqual({ from: '2026-11-11', to: null });
    expect(narrow({ from: '2026-11-15', to: '2026-11-21' }, { from: '2026-12-01' })).toBeNull();
  });
});

describe('bookingsFilter', () => {
  it('shows reservations, and party bookings only when approved and dated today or later', () => {
    expect(bookingsFilter({ from: '2026-11-15', to: '2026-11-21' }, filters, '2026-11-18')).toEqual({
      date: { $gte: '2026-11-15', $lte: '2026-11-21' },
      $or: [{ kind: 'reservation' }, { kind: 'party', status: 'approved', date: { $gte: '2026-11-18' } }],
    });
  });
  it('applies party-size limits and the two checkboxes; both off means nothing', () => {
    expect(bookingsFilter({ from: '2026-11-11', to: null }, { ...filters, parties: false, minSize: 2, maxSize: 6 }, '2026-11-18')).toEqual({
      date: { $gte: '2026-11-11' },
      partySize: { $gte: 2, $lte: 6 },
      $or: [{ kind: 'reservation' }],
    });
    expect(bookingsFilter({ from: '2026-11-11', to: null }, { reservations: false, parties: false }, '2026-11-18')).toBeNull();
  });
});

describe('"today" is the café’s, whatever zone the machine or the browser is in', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it.each([
    // instant, café today
    ['2027-01-01T05:30:00Z', '2026-12-31'], // 23:30 CST on New Year's Eve
    ['2027-01-01T06:00:00Z', '2027-01-01'],
    ['2026-03-08T05:59:00Z', '2026-03-07'], // 23:59 CST, before DST starts
    ['2026-03-08T06:00:00Z', '2026-03-08'],
    ['2026-03-08T08:30:00Z', '2026-03-08'], // 03:30 CDT, right after the jump
    ['2026-03-09T04:59:00Z', '2026-03-08'], // 23:59 CDT: midnight is now at 05:00Z
    ['2026-03-09T05:00:00Z', '2026-03-09'],
    ['2026-11-01T04:59:00Z', '2026-10-31'], // 23:59 CDT
    ['2026-11-01T05:00:00Z', '2026-11-01'],
    ['2026-11-01T07:30:00Z', '2026-11-01'], // 01:30 CST, the repeated hour
    ['2026-11-02T05:59:00Z', '2026-11-01'], // 23:59 CST: midnight is back at 06:00Z
    ['2026-11-02T06:00:00Z', '2026-11-02'],
  ])('at %s it is %s in Chicago, with the process in UTC, Tokyo or Kiritimati (UTC+14)', (instant, expected) => {
    for (const tz of ['UTC', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      process.env.TZ = tz;
      expect(todayIn(ZONE, new Date(instant)), tz).toBe(expected);
    }
  });

  it('the machine’s local date would be wrong there (what the rule guards against)', () => {
    process.env.TZ = 'UTC';
    expect(new Date('2027-01-01T05:30:00Z').getDate()).toBe(1);
    expect(todayIn(ZONE, new Date('2027-01-01T05:30:00Z'))).toBe('2026-12-31');
  });
});
