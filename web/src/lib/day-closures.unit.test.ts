import { describe, expect, it, vi } from 'vitest';
import { eventsOn, eventPlacesText } from './calendar-events';
import { closedAmong, closureOn } from './day-closures';
import { openingHoursOf, type CafeEvent } from '@cafe/contracts';

// The hooks' modules read the app's API and '@cafe/contracts/business', which only the web build resolves.
vi.mock('./business-info', () => ({ useOpeningHours: () => undefined }));
vi.mock('./blocked-dates', () => ({ useClosedDays: () => new Map() }));

/**
 * The one answer every calendar and date picker gives: is the café closed that day, and why. 2026-12-14
 * is a Monday, 2026-12-16 a Wednesday, 2026-12-17 a Thursday.
 */
const hours = openingHoursOf({
  hoursJson: JSON.stringify({ monday: 'Closed', tuesday: '3:00 PM - 11:00 PM' }),
  hoursExceptions: [
    { date: '2026-12-16', closed: true, open: '', close: '', note: 'Staff holiday' },
    { date: '2026-12-18', closed: true, open: '', close: '' },
    { date: '2026-12-19', closed: false, open: '11:00', close: '16:00' },
    { date: '2026-12-21', closed: false, open: '15:00', close: '23:00', note: 'Open this Monday' },
  ],
});
const blocked = new Map([
  ['2026-12-17', 'Private tournament'],
  ['2026-12-16', 'Burst pipe'],
]);

describe('closureOn', () => {
  it('a blocked date says its reason, first, in the words the server refuses it with', () => {
    expect(closureOn('2026-12-17', hours, blocked)).toEqual({
      source: 'blocked',
      reason: 'Private tournament',
      message: 'Sorry, we are closed on this date: Private tournament',
    });
    // Blocked and a closed holiday: the blocked date's reason.
    expect(closureOn('2026-12-16', hours, blocked)?.reason).toBe('Burst pipe');
  });

  it("a closed holiday says its note (or 'holiday hours'), a closed weekday 'every Monday'", () => {
    expect(closureOn('2026-12-16', hours, new Map())).toEqual({
      source: 'holiday',
      reason: 'Staff holiday',
      message: 'Sorry, we are closed on Wednesday, December 16, 2026 (Staff holiday). Please choose another date.',
    });
    expect(closureOn('2026-12-18', hours, new Map())?.reason).toBe('holiday hours');
    expect(closureOn('2026-12-14', hours, new Map())).toEqual({
      source: 'weekly',
      reason: 'every Monday',
      message: 'Sorry, we are closed on Mondays. Please choose another date.',
    });
  });

  it('an open day, shorter holiday hours and a Monday the holiday hours open are not closed', () => {
    for (const date of ['2026-12-15', '2026-12-19', '2026-12-21']) expect(closureOn(date, hours, blocked)).toBeNull();
  });

  it('closedAmong lists the closed days shown, with their reasons', () => {
    const days = ['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17'];
    expect([...closedAmong(days, (d) => closureOn(d, hours, blocked))]).toEqual([
      ['2026-12-14', 'every Monday'],
      ['2026-12-16', 'Burst pipe'],
      ['2026-12-17', 'Private tournament'],
    ]);
  });
});

describe('eventsOn', () => {
  // Asserted: the events' fields grow (the seats an event holds), and these are all a calendar reads.
  const event = (over: Partial<CafeEvent>) =>
    ({
      id: 'e1',
      title: 'Friday Game Night',
      description: null,
      event_date: '2026-12-04',
      event_time: '19:00',
      location: null,
      price: null,
      max_attendees: 48,
      image_url: null,
      startsAt: null,
      endsAt: null,
      isVisible: true,
      isFeatured: false,
      repeat: 'weekly',
      createdAt: '',
      updatedAt: '',
      ...over,
    }) as CafeEvent;

  it("puts each date of a repeating event on its day, with the places taken where the dates' list says them", () => {
    const events = [
      event({}),
      event({ id: 'e2', title: 'Tournament', event_date: '2026-12-11', event_time: '12:00', repeat: null, max_attendees: null }),
    ];
    const occurrences = [{ eventId: 'e1', date: '2026-12-11', time: '19:00', capacity: 48, placesTaken: 12, placesLeft: 36, waitlist: 0 }];
    const byDate = eventsOn(events, occurrences, ['2026-12-04', '2026-12-10', '2026-12-11', '2026-12-18']);
    expect([...byDate.keys()]).toEqual(['2026-12-04', '2026-12-11', '2026-12-18']);
    expect(byDate.get('2026-12-11')!.map((e) => [e.title, e.time, eventPlacesText(e)])).toEqual([
      ['Tournament', '12:00', null],
      ['Friday Game Night', '19:00', '12 signed up / 48 places'],
    ]);
    // A date the list does not cover (a past one): the places only.
    expect(eventPlacesText(byDate.get('2026-12-04')![0]!)).toBe('48 places');
  });
});
