import type { DaySheetPart } from '../platform/runtime/day-sheet-part.js';
import { bookingsCalendarProjection, type CalendarDoc } from './bookings-calendar-projection.js';

/** The day sheet's bookings: the day's live bookings, in the calendar's own order within the day (its date index serves the read). */
export const bookingCalendarDaySheet: DaySheetPart = {
  bookings: (documents, date) =>
    documents.collection<CalendarDoc>(bookingsCalendarProjection.name).find({ date }, { sort: { time: 1, createdAt: 1 } }),
};
