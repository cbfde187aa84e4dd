import type { CafeEventEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

/**
 * report_events: each café event's first date, time, title and max attendees (its dates' sign-ups are
 * counted per day in report_days). `signUps` is no longer counted here: kept 0 for the documents' shape.
 */
export interface ReportEventDoc {
  _id: string;
  [key: string]: unknown;
  title: string;
  date: string;
  /** HH:mm, null without one: the hour its guests count in. */
  time?: string | null;
  maxAttendees: number | null;
  signUps: number;
}

export const reportEventsProjection = defineProjection<ReportEventDoc>({
  name: 'report_events',
  // 2: the event's time.
  version: 2,
  handles: ['CafeEventScheduled', 'CafeEventUpdated', 'CafeEventRemoved'],
  documentIds: (event) => [(event.data as { eventId: string }).eventId],
  evolve: (doc, event, id) => {
    const e = { type: event.type, data: event.data } as CafeEventEvent;
    switch (e.type) {
      case 'CafeEventScheduled':
        return {
          _id: id,
          title: e.data.title,
          date: e.data.date,
          time: e.data.time,
          maxAttendees: e.data.maxAttendees,
          signUps: doc?.signUps ?? 0,
        };
      case 'CafeEventUpdated':
        if (!doc) return null;
        return {
          ...doc,
          ...(e.data.title !== undefined ? { title: e.data.title } : {}),
          ...(e.data.date !== undefined ? { date: e.data.date } : {}),
          ...(e.data.time !== undefined ? { time: e.data.time } : {}),
          ...(e.data.maxAttendees !== undefined ? { maxAttendees: e.data.maxAttendees } : {}),
        };
      case 'CafeEventRemoved':
        return null;
    }
  },
});
