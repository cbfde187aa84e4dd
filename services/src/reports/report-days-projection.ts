import { EVENT_OCCURRENCE_EVENT_TYPES, type EventOccurrenceEvent, type SeatingEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import { holdIn, holdList, withHold, withoutHold } from '../cafe-day/index.js';

/** A booking's seats on a day as the reports count them: when it starts and how many people. */
export interface DayHold {
  bookingId: string;
  time: string;
  size: number;
  /** With a floor: the tables it sits at and for how long (its stay), for the use per table. */
  tables?: string[];
  minutes?: number;
}

/**
 * report_days: one document per café date with every booking holding seats that day (reservations,
 * approved parties, walk-ins), read from the day's seating stream, the authority on who is seated when:
 * a move, a size change, a cancellation or a closure each reach it as SeatsReserved / SeatsReleased.
 * An event's seats on the day are not guests at tables: its guests are the places confirmed at it
 * (`events`, from its occurrence's stream), counted apart.
 * Covers per weekday and per hour, the event guests, and the no-show rate's bookings, are sums over
 * these documents, a few hundred per year, instead of over every booking.
 */
export interface ReportDayDoc {
  _id: string;
  [key: string]: unknown;
  date: string;
  /** In the order booked (hold-list.ts). */
  holds: readonly DayHold[];
  /** Event id → places confirmed at it that day. */
  events?: Record<string, number>;
}

const OCCURRENCE_TYPES = new Set<string>(EVENT_OCCURRENCE_EVENT_TYPES);

/** The places an occurrence's event adds to (or takes from) the day's event guests. */
function placesDelta(e: EventOccurrenceEvent): number {
  if (e.type === 'EventPlacesTaken' || e.type === 'EventWaitlistPromoted') return e.data.places;
  return e.type === 'EventPlacesReleased' && e.data.from === 'confirmed' ? -e.data.places : 0;
}

const dayDoc = (id: string, holds: readonly DayHold[], events: Record<string, number>): ReportDayDoc | null =>
  holds.length || Object.keys(events).length ? { _id: id, date: id, holds, ...(Object.keys(events).length ? { events } : {}) } : null;

export const reportDaysProjection = defineProjection<ReportDayDoc>({
  name: 'report_days',
  // 2: events' seats left out of the covers, their guests counted apart. 3: tables and stays (use per table).
  // 4: holds as a list.
  version: 4,
  handles: ['SeatsReserved', 'SeatsReleased', 'TablesAssigned', 'TablesUnplaced', 'StayChanged', ...EVENT_OCCURRENCE_EVENT_TYPES],
  documentIds: (event) => [(event.data as { date: string }).date],
  evolve: (doc, event, id) => {
    const events = { ...doc?.events };
    if (OCCURRENCE_TYPES.has(event.type)) {
      const e = { type: event.type, data: event.data } as EventOccurrenceEvent;
      const delta = placesDelta(e);
      if (delta === 0) return doc;
      const places = (events[e.data.eventId] ?? 0) + delta;
      if (places > 0) events[e.data.eventId] = places;
      else delete events[e.data.eventId];
      return dayDoc(id, holdList(doc?.holds), events);
    }
    const e = { type: event.type, data: event.data } as SeatingEvent;
    let holds = holdList(doc?.holds);
    switch (e.type) {
      case 'SeatsReserved':
        // An event's seats are its guests' business (`events`), not covers at tables; a waitlist offer is
        // nobody seated until taken (its reservation then reserves under the same id).
        if (e.data.kind === 'event' || e.data.kind === 'offer') return doc;
        holds = withHold(holds, {
          bookingId: e.data.bookingId,
          time: e.data.time,
          size: e.data.partySize,
          minutes: e.data.holdingMinutes,
          ...(e.data.tables?.length ? { tables: e.data.tables } : {}),
        });
        break;
      case 'TablesAssigned':
      case 'TablesUnplaced':
      case 'StayChanged': {
        const hold = holdIn(holds, e.data.bookingId);
        if (!hold) return doc;
        if (e.type === 'StayChanged') holds = withHold(holds, { ...hold, minutes: e.data.holdingMinutes });
        else {
          const { tables: _tables, ...rest } = hold;
          holds = withHold(holds, e.type === 'TablesAssigned' && e.data.tables.length ? { ...rest, tables: e.data.tables } : rest);
        }
        break;
      }
      case 'SeatsReleased': {
        const rest = withoutHold(holds, e.data.bookingId);
        if (!rest) return doc;
        holds = rest;
        break;
      }
      default:
        return doc;
    }
    return dayDoc(id, holds, events);
  },
});
