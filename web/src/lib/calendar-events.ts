// The café's events by date, for the staff calendars (Today, Week, Month, the phones' day lists): the
// events feature edits them and takes the sign-ups; the bookings calendars only show them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatTime12, isEventDate, type CafeEvent, type EventOccurrence } from '@cafe/contracts';
import { getJson } from './api-client';
import { bookingKeys } from './booking-query-keys';

/**
 * The calendars read the same two lists afresh whenever a calendar opens and with the bookings' own
 * refetches (their keys sit under the calendars'): sign-ups come from the public site, and no live notice
 * tells the dashboard of them. Keys of their own, so the Events section and /events keep theirs.
 */
const calendarEventsQueryOptions = () =>
  queryOptions({
    queryKey: [...bookingKeys.views, 'events'],
    queryFn: () => getJson<CafeEvent[]>('/api/admin/events'),
    staleTime: 0,
  });
const calendarOccurrencesQueryOptions = () =>
  queryOptions({
    queryKey: [...bookingKeys.views, 'event-dates'],
    queryFn: () => getJson<EventOccurrence[]>('/api/events/occurrences'),
    staleTime: 0,
  });

/** One date of an event as a calendar shows it. */
export interface CalendarEvent {
  eventId: string;
  date: string;
  /** 'HH:mm', or null when the event has no time. */
  time: string | null;
  title: string;
  /** Not on the public site. */
  hidden: boolean;
  /** Places a date offers (null: the event takes no sign-ups). */
  capacity: number | null;
  /** Places taken that date; null where the café's list does not say (a past date, a hidden event). */
  placesTaken: number | null;
  waitlist: number;
}

const key = (eventId: string, date: string) => `${eventId} ${date}`;

/** Each of `days`' events, in time order (an event without a time first). */
export function eventsOn(
  events: readonly CafeEvent[],
  occurrences: readonly EventOccurrence[],
  days: readonly string[],
): Map<string, CalendarEvent[]> {
  const places = new Map(occurrences.map((o) => [key(o.eventId, o.date), o]));
  const byDate = new Map<string, CalendarEvent[]>();
  for (const date of days) {
    const list = events
      .filter((e) => isEventDate(e.event_date, e.repeat, date))
      .map((e): CalendarEvent => {
        const known = places.get(key(e.id, date));
        return {
          eventId: e.id,
          date,
          time: e.event_time,
          title: e.title,
          hidden: !e.isVisible,
          capacity: e.max_attendees ?? null,
          placesTaken: known ? known.placesTaken : null,
          waitlist: known?.waitlist ?? 0,
        };
      })
      .sort((a, b) => (a.time ?? '').localeCompare(b.time ?? '') || a.title.localeCompare(b.title));
    if (list.length) byDate.set(date, list);
  }
  return byDate;
}

/** The events of `days` (none while the lists load, or when they fail: the bookings still show). */
export function useEventsOn(days: readonly string[]): Map<string, CalendarEvent[]> {
  const events = useQuery(calendarEventsQueryOptions()).data;
  const occurrences = useQuery(calendarOccurrencesQueryOptions()).data;
  return eventsOn(events ?? [], occurrences ?? [], days);
}

/** '7:00 PM', or '' for an event without a time. */
export const eventTime12 = (e: Pick<CalendarEvent, 'time'>) => (e.time ? formatTime12(e.time) : '');

/** '12 signed up / 48 places' (and who waits), '48 places' where the count is not known, null without sign-ups. */
export function eventPlacesText(e: CalendarEvent): string | null {
  if (!e.capacity) return null;
  if (e.placesTaken === null) return `${e.capacity} places`;
  const waiting = e.waitlist ? ` · ${e.waitlist} waiting` : '';
  return `${e.placesTaken} signed up / ${e.capacity} places${waiting}`;
}
