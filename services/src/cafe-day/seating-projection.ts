import {
  DEFAULT_HOLDING_MINUTES,
  DEFAULT_SEAT_CAPACITY,
  hasTables,
  type BusinessInfoData,
  type BusinessInfoEvent,
  type Floor,
  type FloorEvent,
  type SeatHold,
  type SeatingEvent,
} from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { peakSeated } from './seats.js';
import { holdIn, holdList, withHold, withoutHold } from './hold-list.js';

/**
 * One document per date with every booking's seats that day (with a floor, each hold's `tables`, [] when
 * unplaced, and its stay as `holdingMinutes`), in the order booked (hold-list.ts), plus one holding the
 * café's seating policy.
 */
export interface SeatingDayDoc {
  _id: string;
  [key: string]: unknown;
  date: string;
  holds: readonly SeatHold[];
  /** The day is closed (DayClosed on its stream, until DayReopened): it offers no slots, as every booking path refuses it. */
  closed?: true;
}
export interface SeatingPolicyDoc {
  _id: typeof POLICY_ID;
  [key: string]: unknown;
  capacity: number;
  holdingMinutes: number;
  /** The opening hours as business info stores them (read with openingHoursOf): the slots offered follow them. */
  hours?: Partial<Pick<BusinessInfoData, 'hoursJson' | 'hoursExceptions' | 'lastSeatingMinutes'>>;
}
/** The floor availability seats by (FloorSet on floor-main): null without tables, when the café seats by capacity. */
export interface SeatingFloorDoc {
  _id: typeof FLOOR_DOC_ID;
  [key: string]: unknown;
  floor: Floor | null;
}
export type SeatingDoc = SeatingDayDoc | SeatingPolicyDoc | SeatingFloorDoc;

/** Not a date, so it never meets a day's document. */
export const POLICY_ID = 'policy';
/** Not a date either: the floor. */
export const FLOOR_DOC_ID = 'floor';

/**
 * seating read model: what GET /api/availability answers from. It follows the day streams, which are
 * the authority on seats, and the capacity, holding time and opening hours from business info, so one
 * read model (and one cache version) answers the whole question.
 */
export const seatingProjection = defineProjection<SeatingDoc>({
  name: 'seating',
  // 2: the policy document holds the opening hours too. 3: a day knows it is closed. 4: holds keep their tables and stays.
  // 5: the floor beside the policy (availability by table answers from this one read model). 6: holds as a list.
  version: 6,
  handles: [
    'SeatsReserved',
    'SeatsReleased',
    'DayClosed',
    'DayReopened',
    'TablesAssigned',
    'TablesUnplaced',
    'StayChanged',
    'BusinessInfoUpdated',
    'FloorSet',
  ],
  documentIds: (event) => [
    event.type === 'BusinessInfoUpdated' ? POLICY_ID : event.type === 'FloorSet' ? FLOOR_DOC_ID : (event.data as SeatingEvent['data']).date,
  ],
  evolve: (doc, event, id) => {
    if (event.type === 'FloorSet') {
      const { floor } = event.data as FloorEvent['data'];
      return { _id: FLOOR_DOC_ID, floor: hasTables(floor) ? floor : null };
    }
    if (event.type === 'BusinessInfoUpdated') {
      const data = event.data as BusinessInfoEvent['data'];
      const hourFields = (['hoursJson', 'hoursExceptions', 'lastSeatingMinutes'] as const).filter((k) => data[k] !== undefined);
      if (data.seatCapacity === undefined && data.holdingMinutes === undefined && hourFields.length === 0) return doc;
      const current = doc as SeatingPolicyDoc | null;
      const hours = { ...current?.hours, ...Object.fromEntries(hourFields.map((k) => [k, data[k]])) };
      return {
        _id: POLICY_ID,
        capacity: data.seatCapacity ?? current?.capacity ?? DEFAULT_SEAT_CAPACITY,
        holdingMinutes: data.holdingMinutes ?? current?.holdingMinutes ?? DEFAULT_HOLDING_MINUTES,
        ...(Object.keys(hours).length ? { hours } : {}),
      };
    }
    const e = { type: event.type, data: event.data } as SeatingEvent;
    const day = doc as SeatingDayDoc | null;
    let holds = holdList(day?.holds);
    let closed = day?.closed === true;
    switch (e.type) {
      case 'SeatsReserved': {
        const { date: _date, capacity: _capacity, overCapacity: _over, ...hold } = e.data;
        holds = withHold(holds, hold);
        break;
      }
      case 'SeatsReleased':
        holds = withoutHold(holds, e.data.bookingId) ?? holds;
        break;
      case 'DayClosed':
        closed = true;
        break;
      case 'DayReopened':
        closed = false;
        break;
      // A hold's tables (with a floor) and its stay, for availability and the host's view.
      case 'TablesAssigned':
      case 'TablesUnplaced':
      case 'StayChanged': {
        const held = holdIn(holds, e.data.bookingId);
        if (!held) break;
        if (e.type === 'StayChanged') holds = withHold(holds, { ...held, holdingMinutes: e.data.holdingMinutes });
        else holds = withHold(holds, { ...held, tables: e.type === 'TablesAssigned' ? e.data.tables : [] });
        break;
      }
    }
    if (!closed && holds.length === 0) return null;
    return { _id: id, date: id, holds, ...(closed ? { closed: true as const } : {}) };
  },
});

/**
 * From the read model (a public list, not a decision): the seats the day's other holds leave free during a
 * holder's window, the one it holds at `time` or else `minutesOf` the café's holding time; negative when over.
 */
export async function seatsFreeInReadModel(
  documents: DocumentStore,
  date: string,
  holderId: string,
  time: string,
  minutesOf: (holdingMinutes: number) => number,
): Promise<number> {
  const collection = documents.collection<SeatingDoc>(seatingProjection.name);
  const [day, policy] = await Promise.all([collection.get(date), collection.get(POLICY_ID)]);
  const holds = holdList((day as SeatingDayDoc | null)?.holds);
  const { capacity, holdingMinutes } = (policy as SeatingPolicyDoc | null) ?? {
    capacity: DEFAULT_SEAT_CAPACITY,
    holdingMinutes: DEFAULT_HOLDING_MINUTES,
  };
  const held = holdIn(holds, holderId);
  const minutes = held && held.time === time ? held.holdingMinutes : minutesOf(holdingMinutes);
  return capacity - peakSeated(holds, time, minutes, holderId);
}
