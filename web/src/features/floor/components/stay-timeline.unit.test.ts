import { describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, hoursOn, type StayOut } from '@cafe/contracts';
import { hoursOf } from './host-status';

const stay = (time: string, until: string): StayOut => ({
  bookingId: time,
  kind: 'reservation',
  name: 'Ada',
  partySize: 2,
  tables: ['4'],
  time,
  until,
  status: 'booked',
});
// A Friday: the default hours open at 3 PM.
const DAY = '2026-12-11';
const open = hoursOn(DAY, DEFAULT_OPENING_HOURS)!.day;
const h = (time: string) => Number(time.slice(0, 2)) * 60;

describe('the host timeline spans the day’s opening hours, not a fixed 11 AM', () => {
  it('starts at the opening and ends at the closing', () => {
    expect(hoursOf({ date: DAY, stays: [stay('19:00', '20:30')] }, DEFAULT_OPENING_HOURS)).toEqual({
      from: h(open.open),
      to: h(open.close),
    });
  });
  it('a stay outside the hours widens it (a walk-in seated before opening)', () => {
    expect(hoursOf({ date: DAY, stays: [stay('13:30', '15:00')] }, DEFAULT_OPENING_HOURS).from).toBe(13 * 60);
  });
  it('a closed day: the stays alone, or 11 AM to 10 PM with none', () => {
    const closed = { ...DEFAULT_OPENING_HOURS, exceptions: [{ date: DAY, closed: true, open: '', close: '' }] };
    expect(hoursOf({ date: DAY, stays: [stay('18:00', '19:30')] }, closed)).toEqual({ from: 18 * 60, to: 20 * 60 });
    expect(hoursOf({ date: DAY, stays: [] }, closed)).toEqual({ from: 11 * 60, to: 22 * 60 });
  });
});
