import { FLOOR_EVENT_TYPES, type FloorEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

/** report_floor: one document `main`, the floor's areas and their tables' names as last set (FloorSet), for the use per table and area. */
export interface ReportFloorDoc {
  _id: 'main';
  [key: string]: unknown;
  areas: { name: string; tables: string[] }[];
}

export const REPORT_FLOOR_ID = 'main';

export const reportFloorProjection = defineProjection<ReportFloorDoc>({
  name: 'report_floor',
  handles: FLOOR_EVENT_TYPES,
  documentIds: () => [REPORT_FLOOR_ID],
  evolve: (_doc, event) => {
    const { floor } = (event as unknown as FloorEvent).data;
    return { _id: REPORT_FLOOR_ID, areas: floor.areas.map((a) => ({ name: a.name, tables: a.tables.map((t) => t.name) })) };
  },
});
