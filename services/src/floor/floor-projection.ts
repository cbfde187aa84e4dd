import { FLOOR_EVENT_TYPES, type Floor, type FloorEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import { PLACEMENT_EVENT_TYPES, type PlacementEvent } from './placement-record.js';

/**
 * floor: one document, `main`: the floor as last set and its version on floor-main (GET /api/admin/floor),
 * and how placing the bookings on it went (open until the process completes it).
 */
export interface FloorDoc {
  _id: 'main';
  [key: string]: unknown;
  floor: Floor;
  version: number;
  setAt: string;
  placement?: { floorVersion: number; completed: boolean; dates?: number; placed?: number; unplaced?: number };
}

export const FLOOR_DOC_ID = 'main';

export const floorProjection = defineProjection<FloorDoc>({
  name: 'floor',
  handles: [...FLOOR_EVENT_TYPES, ...PLACEMENT_EVENT_TYPES],
  documentIds: () => [FLOOR_DOC_ID],
  evolve: (doc, event) => {
    if (event.type === 'FloorSet') {
      const e = { type: event.type, data: event.data } as FloorEvent;
      const { placement } = doc ?? {};
      return {
        _id: FLOOR_DOC_ID,
        floor: e.data.floor,
        version: Number(event.revision),
        setAt: event.metadata.occurredAt,
        ...(placement ? { placement } : {}),
      };
    }
    if (!doc) return doc;
    const p = { type: event.type, data: event.data } as PlacementEvent;
    if (p.type === 'FloorPlacementStarted') return { ...doc, placement: { floorVersion: p.data.floorVersion, completed: false } };
    const { floorVersion, ...summary } = p.data;
    return doc.placement?.floorVersion === floorVersion ? { ...doc, placement: { floorVersion, completed: true, ...summary } } : doc;
  },
});
