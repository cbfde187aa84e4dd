import {
  PARTY_BOOKING_EVENT_TYPES,
  type PartyBookingArrivalEvent,
  type PartyBookingDetails,
  type PartyBookingEvent,
  type PartyStatus,
  withoutPersonalData,
} from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { defineProjection } from '../platform/projections/projection.js';
import { cancelledBookingsProjection, lookUpBooking } from '../booking-flow/index.js';
import { applyChanges, BY_DATE_INDEX } from '../booking-rules/index.js';

export interface PartyBookingDoc extends PartyBookingDetails {
  _id: string;
  [key: string]: unknown;
  id: string;
  status: PartyStatus;
  adminNotes?: string | null;
  approvedBy?: string | null;
  approvedAt?: string | null;
  /** A guest's change to an approved party waiting for staff: the approved date, time and size, still held. */
  heldAs?: { date: string; time: string; partySize: number } | null;
  source: 'public' | 'admin';
  createdAt: string;
  updatedAt: string;
  /** Stream revision: what a client sends back as If-Match. */
  version: number;
}

/** party_bookings read model: live bookings in every status; a cancelled one leaves (its stream stays). */
export const partyBookingsProjection = defineProjection<PartyBookingDoc>({
  name: 'party_bookings',
  // 2: arrival marks advance the version too (they are on the booking's stream, so If-Match must follow).
  version: 2,
  onDisk: true,
  indexes: [BY_DATE_INDEX],
  handles: [...PARTY_BOOKING_EVENT_TYPES, 'PartyBookingArrivalMarked'],
  documentIds: (event) => [(event.data as { partyBookingId: string }).partyBookingId],
  evolve: (doc, event) => {
    const e = { type: event.type, data: event.data } as PartyBookingEvent | PartyBookingArrivalEvent;
    const stamp = { updatedAt: event.metadata.occurredAt, version: Number(event.revision) };
    switch (e.type) {
      case 'PartyBookingRequested': {
        const { partyBookingId, source, ...details } = e.data;
        return {
          _id: partyBookingId,
          id: partyBookingId,
          ...details,
          status: 'pending',
          adminNotes: null,
          approvedBy: null,
          approvedAt: null,
          source,
          createdAt: event.metadata.occurredAt,
          ...stamp,
        };
      }
      case 'PartyBookingDetailsChanged': {
        if (!doc) return null;
        const { partyBookingId: _id, ...changes } = e.data;
        return { ...applyChanges(doc, changes), ...stamp };
      }
      case 'PartyBookingApproved':
      case 'PartyBookingRejected':
        if (!doc) return null;
        return {
          ...doc,
          status: e.type === 'PartyBookingApproved' ? 'approved' : 'rejected',
          adminNotes: e.data.adminNotes ?? null,
          approvedBy: e.data.approvedBy,
          approvedAt: e.data.approvedAt,
          heldAs: null,
          ...stamp,
        };
      case 'PartyBookingReturnedToPending': {
        if (!doc) return null;
        const { date, time, partySize } = e.data.held;
        return { ...doc, status: 'pending', heldAs: { date, time, partySize }, ...stamp };
      }
      case 'PartyBookingChangeDeclined': {
        if (!doc) return null;
        const { date, time, partySize, approvedBy, approvedAt } = e.data.restored;
        const adminNotes = e.data.adminNotes ?? null;
        return { ...doc, date, time, partySize, status: 'approved', approvedBy, approvedAt, adminNotes, heldAs: null, ...stamp };
      }
      case 'PartyBookingNotesChanged':
        return doc ? { ...doc, adminNotes: e.data.adminNotes, ...stamp } : null;
      case 'PartyBookingCancelled':
        return null;
      case 'PartyBookingPersonalDataErased':
        return doc ? { ...withoutPersonalData(doc), ...stamp } : null;
      // Arrival is shown from booking_visits; here only the stream's version moves on.
      case 'PartyBookingArrivalMarked':
        return doc ? { ...doc, ...stamp } : null;
    }
  },
});

/** party_bookings_cancelled: the party bookings cancelled, so a guest's link can tell "cancelled" from "no such booking". */
export const cancelledPartyBookingsProjection = cancelledBookingsProjection(
  'party_bookings_cancelled',
  'PartyBookingCancelled',
  'partyBookingId',
);

/** A party booking as the read models hold it: in any status but cancelled (its document), 'cancelled', or null. */
export const findPartyBooking = (documents: DocumentStore, id: string) =>
  lookUpBooking<PartyBookingDoc>(documents, { live: partyBookingsProjection.name, cancelled: cancelledPartyBookingsProjection.name }, id);
