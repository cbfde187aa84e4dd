import { defineProjection } from '../platform/projections/projection.js';
import type { CafeEventData, CafeEventEvent } from './cafe-event-decider.js';

export interface CafeEventDoc extends CafeEventData {
  _id: string;
  [key: string]: unknown;
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** events read model: scheduled café events; a removed one leaves. */
export const cafeEventsProjection = defineProjection<CafeEventDoc>({
  name: 'cafe_events',
  handles: ['CafeEventScheduled', 'CafeEventUpdated', 'CafeEventRemoved'],
  documentIds: (event) => [(event.data as { eventId: string }).eventId],
  evolve: (doc, event) => {
    const e = { type: event.type, data: event.data } as CafeEventEvent;
    const at = event.metadata.occurredAt;
    const version = Number(event.revision);
    switch (e.type) {
      case 'CafeEventScheduled': {
        const { eventId, ...data } = e.data;
        return { _id: eventId, id: eventId, ...data, createdAt: at, updatedAt: at, version };
      }
      case 'CafeEventUpdated': {
        if (!doc) return null;
        const { eventId: _id, ...changes } = e.data;
        return { ...doc, ...changes, updatedAt: at, version };
      }
      case 'CafeEventRemoved':
        return null;
    }
  },
});
