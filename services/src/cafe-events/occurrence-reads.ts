import { eventSeatMinutes, occurrenceDates, type EventOccurrence } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { seatsFreeInReadModel } from '../cafe-day/index.js';
import { seatsFollowPlaces } from './event-seats.js';
import { cafeEventsProjection, type CafeEventDoc } from './cafe-events-projection.js';
import { occurrenceDocId, occurrencesProjection, type OccurrenceDoc } from './sign-ups-projection.js';

/**
 * One date of an event with its places: from the occurrence read model, or untouched (all places free).
 * `seats`: the most places the café's seats allow it then (the tables' holds), null for no such bound.
 */
export function occurrenceOf(event: CafeEventDoc, date: string, doc: OccurrenceDoc | null, seats: number | null = null): EventOccurrence {
  const capacity = event.maxAttendees ?? 0;
  const placesTaken = doc?.placesTaken ?? 0;
  return {
    eventId: event.id,
    date,
    time: event.time ?? null,
    capacity,
    placesTaken,
    placesLeft: Math.max(0, Math.min(capacity, seats ?? capacity) - placesTaken),
    waitlist: doc?.waitlist.length ?? 0,
  };
}

/** The places the tables leave the event on a date, from the seating read model; null when its places take no seats. */
async function seatsFor(documents: DocumentStore, event: CafeEventDoc, date: string): Promise<number | null> {
  if (!seatsFollowPlaces(event) || !event.time) return null;
  return seatsFreeInReadModel(documents, date, event.id, event.time, (holding) => eventSeatMinutes(event, holding));
}

/**
 * The next dates of each event that takes sign-ups (a capacity), from `today` on, with their places: a
 * date whose seats the tables hold is full (its sign-ups go to the waitlist) however many places it has.
 */
export async function upcomingOccurrences(documents: DocumentStore, events: CafeEventDoc[], today: string): Promise<EventOccurrence[]> {
  const occurrences = documents.collection<OccurrenceDoc>(occurrencesProjection.name);
  const out: EventOccurrence[] = [];
  for (const event of events) {
    if (!event.maxAttendees) continue;
    for (const date of occurrenceDates(event.date, event.repeat, today)) {
      out.push(occurrenceOf(event, date, await occurrences.get(occurrenceDocId(event.id, date)), await seatsFor(documents, event, date)));
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? ''));
}

export const eventsCollection = (documents: DocumentStore) => documents.collection<CafeEventDoc>(cafeEventsProjection.name);
