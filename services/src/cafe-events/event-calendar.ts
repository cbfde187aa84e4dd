import { createEvents, type EventAttributes } from 'ics';
import { cafeInstant, occurrenceDates } from '@cafe/contracts';
import type { CafeEventDoc } from './cafe-events-projection.js';

/** An event without an end lasts this long in a calendar. */
const DEFAULT_HOURS = 3;

/**
 * GET /api/events.ics: every visible event's dates from today on, each date its own VEVENT (UID
 * `<eventId>-<date>@meeplehaven`), so a calendar app shows exactly what the events page lists, places
 * and all, and a date dropped from a repeating event disappears on the next refresh.
 */
export function eventsCalendar(
  events: CafeEventDoc[],
  today: string,
  zone: string,
  cafe: { name: string; address: string },
  siteUrl: string,
): string {
  const vevents: EventAttributes[] = [];
  for (const event of events) {
    const length = event.startsAt && event.endsAt ? Date.parse(event.endsAt) - Date.parse(event.startsAt) : DEFAULT_HOURS * 3_600_000;
    for (const date of occurrenceDates(event.date, event.repeat, today)) {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const when: Pick<EventAttributes, 'start' | 'startInputType' | 'startOutputType'> & {
        duration: { minutes?: number; days?: number };
      } = event.time
        ? {
            start: cafeInstant(date, event.time, zone).getTime(),
            startInputType: 'utc',
            startOutputType: 'utc',
            duration: { minutes: Math.round(length / 60_000) },
          }
        : { start: [y, m, d], duration: { days: 1 } };
      vevents.push({
        uid: `${event.id}-${date}@meeplehaven`,
        ...when,
        title: event.title,
        description: [event.description, event.price ? `Price: ${event.price}` : null].filter(Boolean).join('\n') || undefined,
        location: event.location ? `${event.location}, ${cafe.name}, ${cafe.address}` : `${cafe.name}, ${cafe.address}`,
        url: `${siteUrl}/events`,
        status: 'CONFIRMED',
      });
    }
  }
  if (vevents.length === 0) return emptyCalendar(cafe.name);
  const { error, value } = createEvents(vevents, {
    productId: 'meeple-haven-cafe/events',
    calName: `${cafe.name} events`,
    method: 'PUBLISH',
  });
  if (error || !value) throw error ?? new Error('Could not build the events calendar');
  return value;
}

/** ics refuses an empty list; a calendar with no events is still a calendar. */
function emptyCalendar(name: string): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:meeple-haven-cafe/events',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${name} events`,
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
