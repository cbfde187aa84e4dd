import type { DaySheetPart } from '../platform/runtime/day-sheet-part.js';
import { visitsProjection, type VisitDoc } from './visits-projection.js';

/** The day sheet's arrivals: whether each of the day's bookings' guests came, and which were cancelled. */
export const arrivalsDaySheet: DaySheetPart = {
  visits: (documents, date) => documents.collection<VisitDoc>(visitsProjection.name).find({ date }),
};
