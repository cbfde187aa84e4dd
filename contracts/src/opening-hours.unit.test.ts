import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPENING_HOURS,
  closedByHoursMessage,
  groupedWeek,
  minutesOf,
  openingHoursOf,
  outsideHoursMessage,
  readDayHours,
  slotsFor,
  eventTimesFor,
  weekTexts,
  upcomingExceptions,
  weekToMap,
  type OpeningHours,
} from './opening-hours.js';
import { hoursFromLines } from './business-info-form.js';
import { businessInfoFormSchema } from './business-info-form.js';

const MONDAY = '2026-11-23';
const WEDNESDAY = '2026-11-25';
const THANKSGIVING = '2026-11-26';

/** The issue's example: Monday closed, Wednesday 5 PM – 9 PM, everything else as the defaults. */
const issueWeek = {
  ...DEFAULT_OPENING_HOURS.week,
  monday: { closed: true, open: '', close: '' },
  wednesday: { closed: false, open: '17:00', close: '21:00' },
};
const issueHours: OpeningHours = { ...DEFAULT_OPENING_HOURS, week: issueWeek };

describe('reading a day’s hours text', () => {
  it('reads 12-hour and 24-hour ranges, "Closed", and a close at midnight', () => {
    expect(readDayHours('3:00 PM - 11:00 PM')).toEqual({ closed: false, open: '15:00', close: '23:00' });
    expect(readDayHours('11 AM to 8 PM')).toEqual({ closed: false, open: '11:00', close: '20:00' });
    expect(readDayHours('17:00–21:00')).toEqual({ closed: false, open: '17:00', close: '21:00' });
    expect(readDayHours('5 PM - 12 AM')).toEqual({ closed: false, open: '17:00', close: '24:00' });
    expect(readDayHours('Closed')).toEqual({ closed: true, open: '', close: '' });
    expect(readDayHours('closed for renovation')?.closed).toBe(true);
  });
  it('gives null for words it cannot read and for a close before the opening', () => {
    expect(readDayHours('By appointment')).toBeNull();
    expect(readDayHours('9 PM - 5 PM')).toBeNull();
  });
});

describe('the week from hoursJson', () => {
  it('reads the defaults as Mon–Fri 15–23, Saturday 11–23, Sunday 11–20, last seating 60 minutes', () => {
    expect(DEFAULT_OPENING_HOURS.week.friday).toEqual({ closed: false, open: '15:00', close: '23:00' });
    expect(DEFAULT_OPENING_HOURS.week.saturday).toEqual({ closed: false, open: '11:00', close: '23:00' });
    expect(DEFAULT_OPENING_HOURS.week.sunday).toEqual({ closed: false, open: '11:00', close: '20:00' });
    expect(DEFAULT_OPENING_HOURS.lastSeatingMinutes).toBe(60);
  });
  it('keeps the site rule: a map holding only monday means Monday to Friday', () => {
    const hours = openingHoursOf({ hoursJson: JSON.stringify({ monday: '4 PM - 10 PM', saturday: 'Closed', sunday: 'Closed' }) });
    expect(hours.week.thursday).toEqual({ closed: false, open: '16:00', close: '22:00' });
    expect(hours.week.sunday.closed).toBe(true);
  });
  it('writes the structured week as texts that read back the same', () => {
    expect(openingHoursOf({ hoursJson: JSON.stringify(weekToMap(issueWeek)) }).week).toEqual(issueWeek);
  });
});

describe('grouping the week for the hours box', () => {
  it('given only Monday closed, then Monday is its own row and Tuesday – Friday keep their hours', () => {
    const texts = weekTexts(
      hoursFromLines('Monday: Closed\nTuesday - Friday: 3:00 PM - 11:00 PM\nSaturday: 11:00 AM - 11:00 PM\nSunday: 11:00 AM - 8:00 PM'),
    );
    expect(groupedWeek(texts)).toEqual([
      { days: 'Monday', text: 'Closed' },
      { days: 'Tuesday – Friday', text: '3:00 PM - 11:00 PM' },
      { days: 'Saturday', text: '11:00 AM - 11:00 PM' },
      { days: 'Sunday', text: '11:00 AM - 8:00 PM' },
    ]);
  });
  it('given Monday closed and Wednesday changed, then Wednesday splits the weekdays', () => {
    expect(groupedWeek(weekToMap(issueWeek))).toEqual([
      { days: 'Monday', text: 'Closed' },
      { days: 'Tuesday', text: '3:00 PM - 11:00 PM' },
      { days: 'Wednesday', text: '5:00 PM - 9:00 PM' },
      { days: 'Thursday – Friday', text: '3:00 PM - 11:00 PM' },
      { days: 'Saturday', text: '11:00 AM - 11:00 PM' },
      { days: 'Sunday', text: '11:00 AM - 8:00 PM' },
    ]);
  });
  it('given the defaults (monday only), then Monday – Friday share one row', () => {
    expect(groupedWeek(weekTexts({ monday: '3:00 PM - 11:00 PM', saturday: 'x', sunday: 'y' }))[0]).toEqual({
      days: 'Monday – Friday',
      text: '3:00 PM - 11:00 PM',
    });
  });
});

describe('eventTimesFor(date, hours)', () => {
  it('given Wednesday 5 PM – 9 PM, when staff pick an event time, then every half hour until 8:30 PM (after the last seating for tables)', () => {
    expect(eventTimesFor(WEDNESDAY, issueHours)).toEqual(['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00', '20:30']);
  });
  it('given a closed Monday, then SPEC’s whole weekday window (a private event or a tournament)', () => {
    expect(eventTimesFor(MONDAY, issueHours)[0]).toBe('15:00');
    expect(eventTimesFor(MONDAY, issueHours).at(-1)).toBe('22:00');
  });
  it('given a day closing at midnight, then the last start is 11:30 PM on that date', () => {
    const late: OpeningHours = { ...issueHours, week: { ...issueWeek, tuesday: { closed: false, open: '08:00', close: '24:00' } } };
    expect(eventTimesFor('2026-11-24', late)[0]).toBe('08:00');
    expect(eventTimesFor('2026-11-24', late).at(-1)).toBe('23:30');
  });
});

describe('slotsFor(date, hours)', () => {
  it('offers no Monday slot when Monday is closed, and says why', () => {
    expect(slotsFor(MONDAY, issueHours)).toEqual([]);
    expect(closedByHoursMessage(MONDAY, issueHours)).toBe('Sorry, we are closed on Mondays. Please choose another date.');
  });
  it('offers Wednesday 17:00 to 20:00 when open 5 PM – 9 PM (last seating 60 minutes)', () => {
    expect(slotsFor(WEDNESDAY, issueHours)).toEqual(['17:00', '17:30', '18:00', '18:30', '19:00', '19:30', '20:00']);
    expect(outsideHoursMessage(WEDNESDAY, '21:00', issueHours)).toBe(
      'We seat guests from 5:00 PM to 8:00 PM on Wednesdays (open 5:00 PM – 9:00 PM). Please choose another time.',
    );
    expect(outsideHoursMessage(WEDNESDAY, '20:00', issueHours)).toBeNull();
  });
  it('widens with the hours: SPEC’s window is the default hours, not a ceiling', () => {
    const long: OpeningHours = { ...issueHours, week: { ...issueWeek, tuesday: { closed: false, open: '08:00', close: '24:00' } } };
    expect(slotsFor('2026-11-24', long)[0]).toBe('08:00');
    expect(slotsFor('2026-11-24', long).at(-1)).toBe('23:00');
    const wednesday: OpeningHours = { ...issueHours, week: { ...issueWeek, wednesday: { closed: false, open: '11:00', close: '23:00' } } };
    expect(slotsFor(WEDNESDAY, wednesday)[0]).toBe('11:00');
    expect(outsideHoursMessage(WEDNESDAY, '11:00', wednesday)).toBeNull();
  });
  it('holiday hours 11 AM – 4 PM seat guests from 11:00 to 3:00 PM, and a refusal names those hours', () => {
    const eve: OpeningHours = { ...issueHours, exceptions: [{ date: '2026-12-31', closed: false, open: '11:00', close: '16:00' }] };
    expect(slotsFor('2026-12-31', eve)).toEqual(['11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00']);
    expect(outsideHoursMessage('2026-12-31', '16:00', eve)).toBe(
      'We seat guests from 11:00 AM to 3:00 PM on Thursday, December 31, 2026 (open 11:00 AM – 4:00 PM). Please choose another time.',
    );
  });
  it('starts on the first half hour after an opening off the half hour, and a day closing after midnight seats until 23:30', () => {
    const odd: OpeningHours = { ...issueHours, week: { ...issueWeek, tuesday: { closed: false, open: '10:45', close: '02:00' } } };
    expect(slotsFor('2026-11-24', odd)[0]).toBe('11:00');
    expect(slotsFor('2026-11-24', odd).at(-1)).toBe('23:30');
  });
  it('follows the last-seating interval', () => {
    expect(slotsFor(WEDNESDAY, { ...issueHours, lastSeatingMinutes: 0 }).at(-1)).toBe('21:00');
    expect(slotsFor(WEDNESDAY, { ...issueHours, lastSeatingMinutes: 90 }).at(-1)).toBe('19:30');
  });
  it('closes one date by a holiday exception, or gives it other hours; the weekday keeps its hours otherwise', () => {
    const holiday: OpeningHours = {
      ...issueHours,
      exceptions: [
        { date: THANKSGIVING, closed: true, open: '', close: '', note: 'Thanksgiving' },
        { date: '2026-12-24', closed: false, open: '15:00', close: '18:00' },
      ],
    };
    expect(slotsFor(THANKSGIVING, holiday)).toEqual([]);
    expect(closedByHoursMessage(THANKSGIVING, holiday)).toBe(
      'Sorry, we are closed on Thursday, November 26, 2026 (Thanksgiving). Please choose another date.',
    );
    expect(slotsFor('2026-12-03', holiday)).toHaveLength(15);
    expect(slotsFor('2026-12-24', holiday).at(-1)).toBe('17:00');
  });
});

describe('holiday hours in the public hours box', () => {
  it('lists those from today on, soonest first, with their note', () => {
    const hours: OpeningHours = {
      ...issueHours,
      exceptions: [
        { date: '2026-12-24', closed: false, open: '15:00', close: '18:00' },
        { date: THANKSGIVING, closed: true, open: '', close: '', note: 'Thanksgiving' },
        { date: '2026-11-01', closed: true, open: '', close: '' },
      ],
    };
    expect(upcomingExceptions(hours, '2026-11-26')).toEqual([
      { date: THANKSGIVING, day: 'Thursday, November 26', text: 'Closed (Thanksgiving)' },
      { date: '2026-12-24', day: 'Thursday, December 24', text: '3:00 PM - 6:00 PM' },
    ]);
  });
});

describe('the admin form’s opening hours', () => {
  const form = (openingHours: unknown) => businessInfoFormSchema.safeParse({ name: 'Meeple Haven', openingHours });
  it('accepts the issue’s week with a holiday and clears a closed day’s times', () => {
    const parsed = form({
      week: { ...issueWeek, monday: { closed: true, open: '15:00', close: '23:00' } },
      exceptions: [{ date: THANKSGIVING, closed: true, open: '', close: '', note: ' Thanksgiving ' }],
      lastSeatingMinutes: 60,
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.openingHours?.week.monday).toEqual({ closed: true, open: '', close: '' });
    expect(parsed.data?.openingHours?.exceptions[0]?.note).toBe('Thanksgiving');
  });
  it('refuses a close before the opening, a repeated date and an odd last seating, with the contract messages', () => {
    const messages = (value: unknown) => form(value).error?.issues.map((i) => i.message) ?? [];
    expect(
      messages({
        week: { ...issueWeek, friday: { closed: false, open: '22:00', close: '18:00' } },
        exceptions: [],
        lastSeatingMinutes: 60,
      }),
    ).toEqual(['Closing time must be after opening time']);
    const day = { date: THANKSGIVING, closed: true, open: '', close: '' };
    expect(messages({ week: issueWeek, exceptions: [day, day], lastSeatingMinutes: 60 })).toEqual([
      'Each date can have one set of holiday hours',
    ]);
    expect(messages({ week: issueWeek, exceptions: [], lastSeatingMinutes: 50 })).toEqual([
      'Last seating must be 0 to 240 minutes before closing, in 15-minute steps',
    ]);
  });
});

describe('minutesOf(time)', () => {
  it("given 'HH:mm', then the minutes since midnight, midnight's end included", () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('09:05')).toBe(545);
    expect(minutesOf('17:30')).toBe(1050);
    expect(minutesOf('24:00')).toBe(1440);
  });
  it('given anything else, then NaN, never a number that looks like a time', () => {
    for (const text of ['9:05', '17.30', '17:3', '1730', 'ab:cd', '1/:30', '', '17:30:00']) expect(minutesOf(text)).toBeNaN();
  });
});
