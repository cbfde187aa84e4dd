import type { ArrivalStatus } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { visitsProjection, type VisitDoc } from './visits-projection.js';

/** Whether a live booking's guests came, and whether it was a walk-in. */
export interface ArrivalOnDay {
  kind: 'reservation' | 'party';
  status: ArrivalStatus;
  walkIn: boolean;
}

/**
 * The day's live bookings by id with their arrival status (booking_visits, by its date index): the floor's
 * host view draws a booking arrived or seated as sitting at its tables, finished or no-show as gone.
 */
export async function arrivalsOnDay(documents: DocumentStore, date: string): Promise<Map<string, ArrivalOnDay>> {
  const docs = await documents.collection<VisitDoc>(visitsProjection.name).find({ date });
  return new Map(docs.filter((d) => d.state === 'live').map((d) => [d.id, { kind: d.kind, status: d.arrival, walkIn: d.walkIn }]));
}
