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

/**
 * Whether the day still has a booking to place, from what it had and the one hold that changed: the day's
 * holds are read again only when that hold was the unplaced one (a busy day's every booking read them all).
 */
function stillUnplaced(had: boolean, before: FloorHold | undefined, after: FloorHold | undefined, holds: readonly FloorHold[]): boolean {
  if (after && isUnplaced(after)) return true;
  if (!had) return false;
  return before && isUnplaced(before) ? holds.some(isUnplaced) : true;
}

export const floorDaysProjection = defineProjection<FloorDayDoc>({
  name: 'floor_days',
  // 2: holds as a list.
  version: 2,
  handles: FLOOR_DAY_EVENTS,
  documentIds: (event) => [(event.data as { date: string }).date],
  evolve: (doc, event, id) => {
    const e = { type: event.type, data: event.data } as SeatingEvent;
    let holds = holdList(doc?.holds);
    // Every event this projection handles is about one booking's hold.
    const { bookingId } = e.data as { bookingId: string };
    const before = holdIn(holds, bookingId);
    switch (e.type) {
      case 'SeatsReserved': {
        const { date: _date, capacity: _capacity, overCapacity: _over, ...hold } = e.data;
        holds = withHold(holds, hold);
        break;
      }
      case 'SeatsReleased': {
        const rest = withoutHold(holds, bookingId);
        if (!rest) return doc;
        holds = rest;
        break;
      }
      case 'TablesAssigned':
      case 'TablesUnplaced':
      case 'StayChanged': {
        if (!before) return doc;
        if (e.type === 'TablesAssigned') holds = withHold(holds, { ...before, tables: e.data.tables });
        else if (e.type === 'TablesUnplaced') holds = withHold(holds, { ...before, tables: [] });
        else holds = withHold(holds, { ...before, holdingMinutes: e.data.holdingMinutes });
        break;
      }
      default:
        return doc;
    }
    if (holds.length === 0) return null;
    const after = e.type === 'SeatsReleased' ? undefined : holdIn(holds, bookingId);
    return {
      _id: id,
      date: id,
      holds,
      ...(stillUnplaced(doc?.unplaced === true, before, after, holds) ? { unplaced: true as const } : {}),
    };
  },
});
