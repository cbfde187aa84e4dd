import {
  RESERVATION_EVENT_TYPES,
  type ReservationArrivalEvent,
  type ReservationDetails,
  type ReservationEvent,
  withoutPersonalData,
} from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { defineProjection } from '../platform/projections/projection.js';
import { cancelledBookingsProjection, lookUpBooking } from '../booking-flow/index.js';
import { applyChanges, BY_DATE_INDEX, copyDetails } from '../booking-rules/index.js';

export interface ReservationDoc extends ReservationDetails {
  _id: string;
  [key: string]: unknown;
  id: string;
  source: 'public' | 'admin';
  createdAt: string;
  updatedAt: string;
  /** Stream revision: what a client sends back as If-Match. */
  version: number;
}

/** reservations read model: live reservations; a cancelled one leaves (its history stays in the stream). */
export const reservationsProjection = defineProjection<ReservationDoc>({
  name: 'reservations',
  // 2: arrival marks advance the version too (they are on the booking's stream, so If-Match must follow).
  version: 2,
  onDisk: true,
  indexes: [BY_DATE_INDEX],
  handles: [...RESERVATION_EVENT_TYPES, 'ReservationArrivalMarked'],
  documentIds: (event) => [(event.data as { reservationId: string }).reservationId],
  evolve: (doc, event) => {
    const e = { type: event.type, data: event.data } as ReservationEvent | ReservationArrivalEvent;
    const version = Number(event.revision);
    switch (e.type) {
      case 'ReservationRequested': {
        const doc = copyDetails(e.data, { _id: e.data.reservationId, id: e.data.reservationId }, 'source');
        doc.source = e.data.source;
        doc.createdAt = event.metadata.occurredAt;
        doc.updatedAt = event.metadata.occurredAt;
        doc.version = version;
        return doc as ReservationDoc;
      }
      case 'ReservationChanged': {
        if (!doc) return null;
        const next = applyChanges(doc, e.data);
        next.updatedAt = event.metadata.occurredAt;
        next.version = version;
        return next;
      }
      case 'ReservationCancelled':
        return null;
      case 'ReservationPersonalDataErased':
        return doc ? { ...withoutPersonalData(doc), updatedAt: event.metadata.occurredAt, version } : null;
      // Arrival is shown from booking_visits; here only the stream's version moves on.
      case 'ReservationArrivalMarked':
        return doc ? { ...doc, updatedAt: event.metadata.occurredAt, version } : null;
    }
  },
});

/** reservations_cancelled: the reservations cancelled, so a guest's link can tell "cancelled" from "no such booking". */
export const cancelledReservationsProjection = cancelledBookingsProjection(
  'reservations_cancelled',
  'ReservationCancelled',
  'reservationId',
);

/** A reservation as the read models hold it: live (its document), 'cancelled', or null when there is none. */
export const findReservation = (documents: DocumentStore, id: string) =>
  lookUpBooking<ReservationDoc>(documents, { live: reservationsProjection.name, cancelled: cancelledReservationsProjection.name }, id);
