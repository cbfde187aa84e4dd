import type { SeatingEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

/** A booking's seats on a day as the reports count them: when it starts and how many people. */
export interface DayHold {
  time: string;
  size: number;
}

/**
 * report_days: one document per café date with every booking holding seats that day (reservations,
 * approved parties, walk-ins), read from the day's seating stream, the authority on who is seated when:
 * a move, a size change, a cancellation or a closure each reach it as SeatsReserved / SeatsReleased.
 * Covers per weekday and per hour, and the no-show rate's bookings, are sums over these documents,
 * a few hundred per year, instead of over every booking.
 */
export interface ReportDayDoc {
  _id: string;
  [key: string]: unknown;
  date: string;
  holds: Record<string, DayHold>;
}

export const reportDaysProjection = defineProjection<ReportDayDoc>({
  name: 'report_days',
  handles: ['SeatsReserved', 'SeatsReleased'],
  documentIds: (event) => [(event.data as { date: string }).date],
  evolve: (doc, event, id) => {
    const e = { type: event.type, data: event.data } as SeatingEvent;
    const holds = { ...doc?.holds };
    switch (e.type) {
      case 'SeatsReserved':
        holds[e.data.bookingId] = { time: e.data.time, size: e.data.partySize };
        break;
      case 'SeatsReleased':
        if (!holds[e.data.bookingId]) return doc;
        delete holds[e.data.bookingId];
        break;
      default:
        return doc;
    }
    return Object.keys(holds).length ? { _id: id, date: id, holds } : null;
  },
});
