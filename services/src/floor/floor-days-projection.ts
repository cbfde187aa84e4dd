import type { SeatHold, SeatingEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

/** A hold as the host's view draws it: the day stream's hold (its tables, its stay). */
export type FloorHold = Omit<SeatHold, 'bookingId'>;

/**
 * floor_days: one document per café date with every hold of the day's stream (seating-<date>) and its
 * tables and stay, from the day's own events: seats reserved or released, tables assigned (a staff
 * move, a floor's placement), a hold left unplaced, a stay changed. `unplaced` marks a date with a
 * booking that has no table, so the list of bookings to place reads only those dates.
 */
export interface FloorDayDoc {
  _id: string;
  [key: string]: unknown;
  date: string;
  holds: Record<string, FloorHold>;
  unplaced?: true;
}

export const FLOOR_DAY_EVENTS = ['SeatsReserved', 'SeatsReleased', 'TablesAssigned', 'TablesUnplaced', 'StayChanged'] as const;

/** A booking (not an event) with no table the floor gave it: listed for staff to place. */
export const isUnplaced = (hold: FloorHold) => hold.kind !== 'event' && hold.tables !== undefined && hold.tables.length === 0;

export const floorDaysProjection = defineProjection<FloorDayDoc>({
  name: 'floor_days',
  handles: FLOOR_DAY_EVENTS,
  documentIds: (event) => [(event.data as { date: string }).date],
  evolve: (doc, event, id) => {
    const e = { type: event.type, data: event.data } as SeatingEvent;
    const holds = { ...doc?.holds };
    switch (e.type) {
      case 'SeatsReserved': {
        const { date: _date, capacity: _capacity, overCapacity: _over, bookingId, ...hold } = e.data;
        holds[bookingId] = hold;
        break;
      }
      case 'SeatsReleased':
        if (!holds[e.data.bookingId]) return doc;
        delete holds[e.data.bookingId];
        break;
      case 'TablesAssigned':
      case 'TablesUnplaced':
      case 'StayChanged': {
        const hold = holds[e.data.bookingId];
        if (!hold) return doc;
        if (e.type === 'TablesAssigned') holds[e.data.bookingId] = { ...hold, tables: e.data.tables };
        else if (e.type === 'TablesUnplaced') holds[e.data.bookingId] = { ...hold, tables: [] };
        else holds[e.data.bookingId] = { ...hold, holdingMinutes: e.data.holdingMinutes };
        break;
      }
      default:
        return doc;
    }
    if (Object.keys(holds).length === 0) return null;
    return { _id: id, date: id, holds, ...(Object.values(holds).some(isUnplaced) ? { unplaced: true as const } : {}) };
  },
});
