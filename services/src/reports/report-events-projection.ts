import type { CafeEventEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

/**
 * report_events: each café event's date, title and max attendees, with a sign-up count that stays 0
 * until sign-ups exist: their event will add one to `signUps` here, and the fill rate needs nothing else.
 */
export interface ReportEventDoc {
  _id: string;
  [key: string]: unknown;
  title: string;
  date: string;
  maxAttendees: number | null;
  signUps: number;
}

export const reportEventsProjection = defineProjection<ReportEventDoc>({
  name: 'report_events',
  handles: ['CafeEventScheduled', 'CafeEventUpdated', 'CafeEventRemoved'],
  documentIds: (event) => [(event.data as { eventId: string }).eventId],
  evolve: (doc, event, id) => {
    const e = { type: event.type, data: event.data } as CafeEventEvent;
    switch (e.type) {
      case 'CafeEventScheduled':
        return { _id: id, title: e.data.title, date: e.data.date, maxAttendees: e.data.maxAttendees, signUps: doc?.signUps ?? 0 };
      case 'CafeEventUpdated':
        if (!doc) return null;
        return {
          ...doc,
          ...(e.data.title !== undefined ? { title: e.data.title } : {}),
          ...(e.data.date !== undefined ? { date: e.data.date } : {}),
          ...(e.data.maxAttendees !== undefined ? { maxAttendees: e.data.maxAttendees } : {}),
        };
      case 'CafeEventRemoved':
        return null;
    }
  },
});
