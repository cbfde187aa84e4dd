import type { DaySheetPart, SheetCancelled } from '../platform/runtime/day-sheet-part.js';
import { bookingSearchProjection, type BookingSearchDoc } from './booking-search-projection.js';

/**
 * The day sheet's cancelled bookings: the calendar forgets a cancelled booking, the search keeps its
 * guest's name (until the guest is forgotten). Each by its id, so never every booking is read.
 */
export const staffSearchDaySheet: DaySheetPart = {
  async cancelled(documents, date, bookings) {
    const search = documents.collection<BookingSearchDoc>(bookingSearchProjection.name);
    const docs = await Promise.all(bookings.map((b) => search.get(`${b.kind}:${b.id}`)));
    return docs.flatMap((d): SheetCancelled[] =>
      d && d.date === date
        ? [{ kind: d.kind as SheetCancelled['kind'], id: d.id, time: d.time, partySize: d.partySize, name: d.name, phone: d.phone }]
        : [],
    );
  },
};
