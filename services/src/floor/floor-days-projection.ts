import type { SeatHold, SeatingEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import { holdIn, holdList, withHold, withoutHold } from '../cafe-day/index.js';

/** A hold as the host's view draws it: the day stream's hold (its tables, its stay). */
export type FloorHold = SeatHold;

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
  /** In the order booked (hold-list.ts). */
  holds: readonly FloorHold[];
  unplaced?: true;
}

export const FLOOR_DAY_EVENTS = ['SeatsReserved', 'SeatsReleased', 'TablesAssigned', 'TablesUnplaced', 'StayChanged'] as const;

/** A booking (not an event) with no table the floor gave it: listed for staff to place. */
export const isUnplaced = (hold: Omit<FloorHold, 'bookingId'>) =>
  hold.kind !== 'event' && hold.tables !== undefined && hold.tables.length === 0;

export const floorDaysProjection = defineProjection<FloorDayDoc>({
  name: 'floor_days',
  // 2: holds as a list.
  version: 2,
  handles: FLOOR_DAY_EVENTS,
  documentIds: (event) => [(event.data as { date: string }).date],
  evolve: (doc, event, id) => {
    const e = { type: event.type, data: event.data } as SeatingEvent;
    let holds = holdList(doc?.holds);
    switch (e.type) {
      case 'SeatsReserved': {
        const { date: _date, capacity: _capacity, overCapacity: _over, ...hold } = e.data;
        holds = withHold(holds, hold);
        break;
      }
      case 'SeatsReleased': {
        const rest = withoutHold(holds, e.data.bookingId);
        if (!rest) return doc;
        holds = rest;
        break;
      }
      case 'TablesAssigned':
      case 'TablesUnplaced':
      case 'StayChanged': {
        const hold = holdIn(holds, e.data.bookingId);
        if (!hold) return doc;
        if (e.type === 'TablesAssigned') holds = withHold(holds, { ...hold, tables: e.data.tables });
        else if (e.type === 'TablesUnplaced') holds = withHold(holds, { ...hold, tables: [] });
        else holds = withHold(holds, { ...hold, holdingMinutes: e.data.holdingMinutes });
        break;
      }
      default:
        return doc;
    }
    if (holds.length === 0) return null;
    return { _id: id, date: id, holds, ...(holds.some(isUnplaced) ? { unplaced: true as const } : {}) };
  },
});
