import {
  ARRIVAL_EVENT_TYPES,
  type PartyBookingArrivalEvent,
  type ReservationArrivalEvent,
  type PartyBookingEvent,
  type PartyStatus,
  type ReservationDetails,
  type ReservationEvent,
  BOOKING_EVENT_TYPES,
  bookingOf,
  withoutPersonalData,
} from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import { kindDocId } from '../platform/projections/kind-doc-id.js';
import { applyChanges, BY_DATE_INDEX, copyDetails } from '../booking-rules/index.js';

/**
 * One row per live booking, reservations and party bookings alike, so every dashboard view (today,
 * list, week, month with the Filter dialog) is one query with one sort. Party bookings are kept in
 * every status; the queries pick the approved ones.
 */
export interface CalendarDoc extends ReservationDetails {
  _id: string;
  [key: string]: unknown;
  kind: 'reservation' | 'party';
  id: string;
  eventType?: string | null;
  status?: PartyStatus;
  adminNotes?: string | null;
  createdAt: string;
  version: number;
}

export const calendarDocId = (kind: CalendarDoc['kind'], id: string) => kindDocId(kind, id);

export const bookingsCalendarProjection = defineProjection<CalendarDoc>({
  name: 'bookings_calendar',
  // 2: arrival marks advance the version too (they are on the booking's stream, so If-Match must follow).
  version: 2,
  onDisk: true,
  indexes: [BY_DATE_INDEX],
  handles: [...BOOKING_EVENT_TYPES, ...ARRIVAL_EVENT_TYPES],
  documentIds: (event) => {
    const { kind, id } = bookingOf(event);
    return [calendarDocId(kind, id)];
  },
  evolve: (doc, event, docId): CalendarDoc | null => {
    const version = Number(event.revision);
    const e = { type: event.type, data: event.data } as
      ReservationEvent | PartyBookingEvent | ReservationArrivalEvent | PartyBookingArrivalEvent;
    switch (e.type) {
      case 'ReservationRequested': {
        const doc = copyDetails(e.data, { _id: docId, kind: 'reservation', id: e.data.reservationId }, 'source');
        doc.createdAt = event.metadata.occurredAt;
        doc.version = version;
        return doc as CalendarDoc;
      }
      case 'PartyBookingRequested': {
        const doc = copyDetails(e.data, { _id: docId, kind: 'party', id: e.data.partyBookingId }, 'source');
        doc.status = 'pending';
        doc.adminNotes = null;
        doc.createdAt = event.metadata.occurredAt;
        doc.version = version;
        return doc as CalendarDoc;
      }
      case 'ReservationChanged':
      case 'PartyBookingDetailsChanged': {
        if (!doc) return null;
        // applyChanges answers a new object (the booking's id in the data skipped): the version set on it, not copied into another.
        const next = applyChanges(doc, e.data);
        next.version = version;
        return next;
      }
      case 'PartyBookingApproved':
      case 'PartyBookingRejected':
        return doc
          ? {
              ...doc,
              status: e.type === 'PartyBookingApproved' ? 'approved' : 'rejected',
              adminNotes: e.data.adminNotes ?? null,
              version,
            }
          : null;
      case 'PartyBookingNotesChanged':
        return doc ? { ...doc, adminNotes: e.data.adminNotes, version } : null;
      // A guest's larger or moved approved party waits for staff again; turned down, it is approved as it was.
      case 'PartyBookingReturnedToPending':
        return doc ? { ...doc, status: 'pending', version } : null;
      case 'PartyBookingChangeDeclined': {
        if (!doc) return null;
        const { date, time, partySize } = e.data.restored;
        return { ...doc, date, time, partySize, status: 'approved', adminNotes: e.data.adminNotes ?? null, version };
      }
      case 'ReservationCancelled':
      case 'PartyBookingCancelled':
        return null;
      case 'ReservationPersonalDataErased':
      case 'PartyBookingPersonalDataErased':
        return doc ? { ...withoutPersonalData(doc), version } : null;
      // Arrival is shown from booking_visits; here only the stream's version moves on.
      case 'ReservationArrivalMarked':
      case 'PartyBookingArrivalMarked':
        return doc ? { ...doc, version } : null;
    }
  },
});
