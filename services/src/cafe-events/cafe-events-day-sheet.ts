import { isEventDate, type DaySheetEvent } from '@cafe/contracts';
import type { DaySheetPart } from '../platform/runtime/day-sheet-part.js';
import { cafeEventsProjection, type CafeEventDoc } from './cafe-events-projection.js';
import { signUpsProjection, type SignUpDoc } from './sign-ups-projection.js';

/** Code-point order: ids sort the same everywhere (no locale). */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The day sheet's events: those held that day (the events are few: all are read), each with its door list. */
export const cafeEventsDaySheet: DaySheetPart = {
  async events(documents, date) {
    const [events, signUps] = await Promise.all([
      documents.collection<CafeEventDoc>(cafeEventsProjection.name).find({}),
      documents.collection<SignUpDoc>(signUpsProjection.name).find({ date }),
    ]);
    return sheetEvents(date, events, signUps);
  },
};

/** The events of `date` with their confirmed guests, by time then title. */
function sheetEvents(date: string, events: CafeEventDoc[], signUps: SignUpDoc[]): DaySheetEvent[] {
  return events
    .filter((e) => isEventDate(e.date, e.repeat, date))
    .map((e): DaySheetEvent => {
      const mine = signUps.filter((s) => s.eventId === e.id);
      // By name: the list staff run down at the door.
      const attendees = mine.filter((s) => s.status === 'confirmed').sort((a, b) => a.name.localeCompare(b.name) || cmp(a._id, b._id));
      return {
        eventId: e.id,
        title: e.title,
        time: e.time,
        location: e.location,
        capacity: e.maxAttendees,
        placesTaken: attendees.reduce((n, s) => n + s.places, 0),
        waitlisted: mine.filter((s) => s.status === 'waitlisted').length,
        attendees: attendees.map((s) => ({ id: s._id, name: s.name, phone: s.phone, places: s.places, checkedIn: s.checkedInAt !== null })),
      };
    })
    .sort((a, b) => (a.time ?? '99:99').localeCompare(b.time ?? '99:99') || a.title.localeCompare(b.title));
}
