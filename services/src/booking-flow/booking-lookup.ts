import type { DocumentStore } from '../platform/document-store/document-store.js';
import { defineProjection } from '../platform/projections/projection.js';

/** What a kind keeps of a cancelled booking: that it was, and when. Nothing personal. */
export interface CancelledBookingDoc {
  _id: string;
  [key: string]: unknown;
  cancelledAt: string;
}

/**
 * A kind's cancelled bookings: its own read model drops a cancelled booking (every list leaves it out),
 * so this one tells a guest's link "cancelled" (410) from "never here" (404).
 */
export function cancelledBookingsProjection(name: string, cancelledType: string, idField: string) {
  return defineProjection<CancelledBookingDoc>({
    name,
    onDisk: true,
    handles: [cancelledType],
    documentIds: (event) => [String((event.data as Record<string, unknown>)[idField])],
    evolve: (doc, event, id) => doc ?? { _id: id, cancelledAt: event.metadata.occurredAt },
  });
}

/**
 * A booking as a kind's read models hold it: its document while it lives, 'cancelled' once cancelled,
 * null when there is no such booking. The commands wait for the read models before they answer, so a
 * change one moment ago is already here.
 */
export async function lookUpBooking<Doc extends { _id: string }>(
  documents: DocumentStore,
  models: { live: string; cancelled: string },
  id: string,
): Promise<Doc | 'cancelled' | null> {
  const doc = await documents.collection<Doc & { [key: string]: unknown }>(models.live).get(id);
  if (doc) return doc;
  return (await documents.collection<CancelledBookingDoc>(models.cancelled).get(id)) ? 'cancelled' : null;
}
