import { occurrenceDates, type EventOccurrence } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { cafeEventsProjection, type CafeEventDoc } from './cafe-events-projection.js';
import { occurrenceDocId, occurrencesProjection, type OccurrenceDoc } from './sign-ups-projection.js';

/** One date of an event with its places: from the occurrence read model, or untouched (all places free). */
export function occurrenceOf(event: CafeEventDoc, date: string, doc: OccurrenceDoc | null): EventOccurrence {
  const capacity = event.maxAttendees ?? 0;
  const placesTaken = doc?.placesTaken ?? 0;
  return {
    eventId: event.id,
    date,
    time: event.time ?? null,
    capacity,
    placesTaken,
    placesLeft: Math.max(0, capacity - placesTaken),
    waitlist: doc?.waitlist.length ?? 0,
  };
}

/** The next dates of each event that takes sign-ups (a capacity), from `today` on, with their places. */
export async function upcomingOccurrences(documents: DocumentStore, events: CafeEventDoc[], today: string): Promise<EventOccurrence[]> {
  const occurrences = documents.collection<OccurrenceDoc>(occurrencesProjection.name);
  const out: EventOccurrence[] = [];
  for (const event of events) {
    if (!event.maxAttendees) continue;
    for (const date of occurrenceDates(event.date, event.repeat, today)) {
      out.push(occurrenceOf(event, date, await occurrences.get(occurrenceDocId(event.id, date))));
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? ''));
}

export const eventsCollection = (documents: DocumentStore) => documents.collection<CafeEventDoc>(cafeEventsProjection.name);
