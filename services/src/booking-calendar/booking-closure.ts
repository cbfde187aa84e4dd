import { rangeBooking, type ClosurePart } from '../platform/runtime/closure-parts.js';
import { bookingsCalendarProjection, type CalendarDoc } from './bookings-calendar-projection.js';
import { BOOKINGS_SORT } from './bookings-queries.js';

/**
 * The calendar's part in closing days: the live bookings on the dates, reservations and party bookings
 * still pending or approved (a rejected one has no guest to turn away), in the calendar's order, from
 * the one read model that holds both kinds with their stream revision, on its date index.
 */
export const bookingCalendarClosure: ClosurePart = {
  onDates: {
    kinds: ['reservation', 'party'],
    read: async (documents, from, to) => {
      const docs = await documents
        .collection<CalendarDoc>(bookingsCalendarProjection.name)
        .find(
          { date: { $gte: from, $lte: to }, $or: [{ kind: 'reservation' }, { kind: 'party', status: { $in: ['pending', 'approved'] } }] },
          { sort: BOOKINGS_SORT },
        );
      return docs.map((d) => rangeBooking(d.kind, d.id, d.version, d, d.status));
    },
  },
};
