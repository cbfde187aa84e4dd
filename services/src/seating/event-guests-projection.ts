import { EVENT_OCCURRENCE_EVENT_TYPES, type EventOccurrenceEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

/**
 * event_guests: one document per café date with the places confirmed at each of its events, from the
 * occurrences' streams (the authority on places): the people who come for an event, counted apart from
 * the tables' covers. An event's seats on the day (seating) may be a number staff set; its guests are
 * its sign-ups. No personal data; a few documents a week.
 */
export interface EventGuestsDoc {
  _id: string;
  [key: string]: unknown;
  date: string;
  /** Event id → places confirmed that date. */
  places: Record<string, number>;
}

export const eventGuestsProjection = defineProjection<EventGuestsDoc>({
  name: 'event_guests',
  handles: EVENT_OCCURRENCE_EVENT_TYPES,
  documentIds: (event) => [(event.data as { date: string }).date],
  evolve: (doc, recorded, id) => {
    const event = { type: recorded.type, data: recorded.data } as EventOccurrenceEvent;
    const { eventId, places } = event.data;
    const delta =
      event.type === 'EventPlacesTaken' || event.type === 'EventWaitlistPromoted'
        ? places
        : event.type === 'EventPlacesReleased' && event.data.from === 'confirmed'
          ? -places
          : 0;
    if (delta === 0) return doc;
    const next = { ...doc?.places, [eventId]: (doc?.places[eventId] ?? 0) + delta };
    if (next[eventId]! <= 0) delete next[eventId];
    return Object.keys(next).length ? { _id: id, date: id, places: next } : null;
  },
});

/** The places confirmed at the date's events, all told. */
export const eventGuestsOf = (doc: EventGuestsDoc | null | undefined): number =>
  Object.values(doc?.places ?? {}).reduce((n, p) => n + p, 0);
