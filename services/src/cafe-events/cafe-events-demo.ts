import { DateTime } from 'luxon';
import { addDays, cafeEventSchema, cafeInstant, to24Hour, todayIn, weekdayOf } from '@cafe/contracts';
import { parseWith } from '../platform/http/validation.js';
import { laterPosition, type DemoPart } from '../platform/runtime/demo-part.js';
import { scheduleCafeEvent } from './cafe-event-commands.js';

/** The first date after `today` (at least `minDays` on) that falls on `weekday` (1 = Monday … 7 = Sunday). */
export function nextWeekday(today: string, weekday: number, minDays = 1): string {
  let date = addDays(today, minDays);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}

/** A few upcoming events, placed relative to today so the demo never shows a stale calendar. */
export function demoEvents(today: string) {
  return [
    {
      id: 'demo-friday-game-night',
      title: 'Friday Night Game Night',
      description: 'Open tables, a stack of new arrivals and staff on hand to teach. Come alone or bring the crew.',
      event_date: nextWeekday(today, 5),
      event_time: '7:00 PM',
      hours: 4,
      location: 'Main hall',
      price: '$6 cover', // the site's play cover (business info's coverCharge, DEFAULT_FACTS): the same fee everywhere
      max_attendees: 48,
      isFeatured: true,
    },
    {
      id: 'demo-learn-to-play-wingspan',
      title: 'Learn-to-Play Tuesday',
      description: 'Every week a staff teacher walks a table through a modern classic (this month: Wingspan). Beginners welcome.',
      event_date: nextWeekday(today, 2, 2),
      event_time: '6:30 PM',
      hours: 2,
      location: 'Teaching table',
      price: 'Free with cover',
      max_attendees: 12,
      isFeatured: false,
      repeat: 'weekly' as const,
    },
    {
      id: 'demo-family-game-sunday',
      title: 'Family Game Sunday',
      description: 'Kid-friendly classics and cooperative games all afternoon. Kids under 10 play free.',
      event_date: nextWeekday(today, 7),
      event_time: '11:00 AM',
      hours: 5,
      location: 'Whole café',
      price: '$3 per adult',
      max_attendees: 60,
      isFeatured: false,
    },
    {
      id: 'demo-catan-tournament',
      title: 'Catan Tournament',
      description: 'Three rounds of Catan, a final table and prizes from our shop. Entry includes a slice and a drink.',
      event_date: nextWeekday(today, 6, 8),
      event_time: '1:00 PM',
      hours: 5,
      location: 'Tournament room',
      price: '$15 entry',
      max_attendees: 32,
      isFeatured: true,
      // The same Saturday of every month: each date its own sign-ups.
      repeat: 'monthly' as const,
    },
  ];
}

/** Schedules the demo's events, dated from today in the café's zone, with fixed ids. */
export const cafeEventsDemo: DemoPart = {
  async seed(runtime, context) {
    const events = demoEvents(todayIn(runtime.config.zone, runtime.clock.now()));
    let position = null;
    for (const { id, hours, ...event } of events) {
      const start = cafeInstant(event.event_date, to24Hour(event.event_time)!, runtime.config.zone);
      const endsAt = DateTime.fromJSDate(start).plus({ hours }).toUTC().toISO()!;
      position = laterPosition(
        position,
        (await scheduleCafeEvent(runtime, parseWith(cafeEventSchema, { ...event, endsAt }), context, id)).result.position,
      );
    }
    return { counts: { events: events.length }, told: `${events.length} events`, position };
  },
};
