import { FLOOR_EVENT_TYPES, actorLabel, type FloorEvent, type FloorHistory } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

/** One floor set as stored (the route adds the café-time `when`). */
export type FloorHistoryEntry = Omit<FloorHistory['events'][number], 'when'>;

/** floor_history: the staff's audit of the floor, one document `main` with every FloorSet: who, when, what changed. */
export interface FloorHistoryDoc {
  _id: 'main';
  [key: string]: unknown;
  entries: FloorHistoryEntry[];
}

export const FLOOR_HISTORY_ID = 'main';

export const floorHistoryProjection = defineProjection<FloorHistoryDoc>({
  name: 'floor_history',
  handles: FLOOR_EVENT_TYPES,
  documentIds: () => [FLOOR_HISTORY_ID],
  evolve: (doc, event) => {
    const e = { type: event.type, data: event.data } as FloorEvent;
    const entries = doc?.entries ?? [];
    const version = Number(event.revision);
    if (entries.some((x) => x.version === version)) return doc;
    const entry: FloorHistoryEntry = {
      version,
      what: entries.length === 0 ? 'Floor set up' : 'Floor changed',
      at: event.metadata.occurredAt,
      by: actorLabel(event.metadata.actor),
      lines: e.data.changes,
    };
    return { _id: FLOOR_HISTORY_ID, entries: [...entries, entry] };
  },
});
