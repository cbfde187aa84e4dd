import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { cafeInstant, formatLongDate, formatTime12, slotsFor, to24Hour, todayIn, weekStart, isIsoDate } from './time.js';
import { slotWindowFor } from './opening-hours.js';
import { formatPhone } from './phone.js';

describe('todayIn: the café’s today, wherever the code runs', () => {
  it('is still yesterday in Chicago shortly after midnight UTC', () => {
    expect(todayIn('America/Chicago', new Date('2027-01-01T05:30:00Z'))).toBe('2026-12-31');
    expect(todayIn('America/Chicago', new Date('2027-01-01T06:00:00Z'))).toBe('2027-01-01');
  });
  it('follows daylight saving time (CDT is UTC-5, CST is UTC-6)', () => {
    expect(todayIn('America/Chicago', new Date('2026-07-01T04:59:00Z'))).toBe('2026-06-30');
    expect(todayIn('America/Chicago', new Date('2026-07-01T05:00:00Z'))).toBe('2026-07-01');
    expect(todayIn('America/Chicago', new Date('2026-11-01T05:30:00Z'))).toBe('2026-11-01');
  });
});

describe('slotsFor (the default hours)', () => {
  it('opens at 11:00 on Saturday and Sunday, last slot 22:00 on Saturday', () => {
    for (const weekend of ['2026-11-21', '2026-11-22']) {
      const slots = slotsFor(weekend);
      expect(slots[0]).toBe('11:00');
    }
    expect(slotsFor('2026-11-21').at(-1)).toBe('22:00');
    expect(slotsFor('2026-11-21')).toHaveLength(23);
  });
  it("ends at 19:00 on Sunday: it closes at 8 PM and seats the last table 60 minutes before (the hours win over SPEC's 22:00)", () => {
    expect(slotWindowFor('2026-11-22').at(-1)).toBe('22:00');
    expect(slotsFor('2026-11-22').at(-1)).toBe('19:00');
    expect(slotsFor('2026-11-22')).toHaveLength(17);
  });
  it('opens at 15:00 Monday to Friday, last slot 22:00', () => {
    for (const weekday of ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']) {
      const slots = slotsFor(weekday);
      expect(slots[0]).toBe('15:00');
      expect(slots.at(-1)).toBe('22:00');
      expect(slots).toHaveLength(15);
      expect(slots).not.toContain('22:30');
    }
  });
  it('keeps the same wall-clock slots on both daylight-saving change days', () => {
    expect(slotsFor('2026-03-08')).toEqual(slotsFor('2026-11-01'));
  });
  it('has no slots for an impossible date', () => {
    expect(slotsFor('2026-02-30')).toEqual([]);
    expect(isIsoDate('2026-02-30')).toBe(false);
  });
});

describe('calendar dates asked again', () => {
  it('answers a date the same each time, past the dates it keeps, and never takes a long string for one', () => {
    // given every date of 31 years (more than the 4,096 kept at once), an impossible one, and a long string
    const days: string[] = [];
    for (let day = DateTime.fromISO('2000-01-01', { zone: 'utc' }); day.year < 2031; day = day.plus({ days: 1 }))
      days.push(day.toISODate()!);
    // when each is asked about twice, in two passes
    for (let pass = 0; pass < 2; pass++) {
      // then each is a real date whose week starts on the Sunday luxon says, each time
      for (const day of days) {
        expect(isIsoDate(day)).toBe(true);
        const weekday = DateTime.fromISO(day, { zone: 'utc' }).weekday % 7;
        expect(weekStart(day)).toBe(DateTime.fromISO(day, { zone: 'utc' }).minus({ days: weekday }).toISODate());
      }
      expect(isIsoDate('2026-02-30')).toBe(false);
      expect(slotsFor('2026-02-30')).toEqual([]);
      expect(isIsoDate(`2026-02-01${' '.repeat(100_000)}`)).toBe(false);
    }
  });
});

describe('formatting', () => {
  it('shows 12-hour times', () => {
    expect(formatTime12('11:00')).toBe('11:00 AM');
    expect(formatTime12('12:30')).toBe('12:30 PM');
    expect(formatTime12('22:00')).toBe('10:00 PM');
    expect(formatTime12('00:15')).toBe('12:15 AM');
  });
  it('reads stored h:mm AM/PM times as 24-hour HH:mm', () => {
    expect(to24Hour('7:30 PM')).toBe('19:30');
    expect(to24Hour('12:00 AM')).toBe('00:00');
    expect(to24Hour('12:05 pm')).toBe('12:05');
    expect(to24Hour('09:15')).toBe('09:15');
    expect(to24Hour('13:00 PM')).toBeNull();
    expect(to24Hour('noon')).toBeNull();
  });
  it('writes long-form dates', () => {
    expect(formatLongDate('2026-11-28')).toBe('Saturday, November 28, 2026');
  });
  it('starts weeks on Sunday, across a month and a year end', () => {
    expect(weekStart('2026-11-28')).toBe('2026-11-22');
    expect(weekStart('2026-11-22')).toBe('2026-11-22');
    expect(weekStart('2027-01-02')).toBe('2026-12-27');
  });
  it('formats a phone as it is typed; an extension or too many digits stay as typed (phone.unit.test.ts)', () => {
    expect(formatPhone('2')).toBe('(2');
    expect(formatPhone('2625')).toBe('(262) 5');
    expect(formatPhone('262-555-01')).toBe('(262) 555-01');
    expect(formatPhone('(262) 555-0142 ext 9')).toBe('(262) 555-0142 ext 9');
    expect(formatPhone('(')).toBe('');
    expect(formatPhone('26255501429999')).toBe('26255501429999');
  });
});

describe('cafeInstant: a café-local date and time as an instant', () => {
  it('agrees with luxon on every day of a year, east and west of UTC, on the days the clocks change too', () => {
    // given zones with and without daylight saving time, half-hour offsets and a half-hour change (Lord Howe)
    const zones = ['America/Chicago', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/St_Johns', 'Pacific/Chatham'];
    const times = ['00:00', '00:30', '01:30', '02:00', '02:30', '03:00', '10:00', '18:45', '23:30', '23:59'];
    // when every time of every day of 2027 is asked
    const wrong: string[] = [];
    for (const zone of zones) {
      for (let day = 0; day < 365; day++) {
        const date = new Date(Date.UTC(2027, 0, 1 + day)).toISOString().slice(0, 10);
        for (const time of times) {
          const expected = DateTime.fromISO(`${date}T${time}`, { zone }).toMillis();
          if (cafeInstant(date, time, zone).getTime() !== expected) wrong.push(`${zone} ${date} ${time}`);
        }
      }
    }
    // then every answer is luxon's (the gap's times moved on, as luxon moves them)
    expect(wrong).toEqual([]);
  });

  it('is 6:30 PM in Chicago as 23:30 UTC in summer and 00:30 UTC the next day in winter', () => {
    expect(cafeInstant('2027-07-03', '18:30', 'America/Chicago').toISOString()).toBe('2027-07-03T23:30:00.000Z');
    expect(cafeInstant('2027-01-09', '18:30', 'America/Chicago').toISOString()).toBe('2027-01-10T00:30:00.000Z');
  });

  it('answers an impossible date or time as luxon does: no instant', () => {
    expect(Number.isNaN(cafeInstant('2027-02-30', '18:30', 'America/Chicago').getTime())).toBe(true);
    expect(Number.isNaN(cafeInstant('2027-02-03', '25:30', 'America/Chicago').getTime())).toBe(true);
  });
});
