import {
  ARRIVAL_EVENT_TYPES,
  BOOKING_EVENT_TYPES,
  EVENT_SIGN_UP_EVENT_TYPES,
  bookingOf,
  phoneDigits,
  searchText,
  type ArrivalMarkedData,
  type EventSignUpEvent,
  type PartyBookingEvent,
  type ReservationDetails,
  type ReservationEvent,
  type SearchKind,
  type SearchStatus,
} from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import { kindDocId } from '../platform/projections/kind-doc-id.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';

/**
 * booking_search: one small document per booking and per event sign-up with the keys the search box
 * compares, already normalized, so a query is one regular expression per key instead of a scan of every
 * booking's details. Cancelled ones stay (staff look up who cancelled); a forgotten guest's go.
 */
export interface BookingSearchDoc extends Pick<ReservationDetails, 'name' | 'email' | 'phone' | 'partySize' | 'date' | 'time'> {
  _id: string;
  [key: string]: unknown;
  kind: SearchKind;
  id: string;
  status: SearchStatus;
  /** Marked by staff (arrived, seated, finished, no-show); absent while expected. */
  arrival?: Exclude<ArrivalMarkedData['status'], 'expected'>;
  /** A sign-up: its event (the answer names it and gives its time) and whether it was checked in. */
  eventId?: string;
  checkedIn?: true;
  /** searchText(name) and searchText(email), apart so a hit can say which matched. */
  nameKey: string;
  emailKey: string;
  /** phoneDigits(phone). */
  phoneKey: string;
}

export const searchDocId = (kind: BookingSearchDoc['kind'], id: string) => kindDocId(kind, id);

const SIGN_UP_TYPES = new Set<string>(EVENT_SIGN_UP_EVENT_TYPES);

/** A sign-up's document: found as a booking is, its places as its size; its event's time is the answer's to give. */
function signUpDoc(doc: BookingSearchDoc | null, event: RecordedEvent, docId: string): BookingSearchDoc | null {
  const e = { type: event.type, data: event.data } as EventSignUpEvent;
  switch (e.type) {
    case 'EventSignedUp': {
      const { signUpId, eventId, name, email, phone, places, date, status } = e.data;
      return withKeys({
        _id: docId,
        kind: 'sign-up',
        id: signUpId,
        eventId,
        name,
        email,
        phone,
        partySize: places,
        date,
        time: '',
        status,
      });
    }
    case 'EventSignUpPersonalDataErased':
      return null;
  }
  if (!doc) return doc;
  switch (e.type) {
    case 'EventSignUpPromoted':
      return { ...doc, status: 'confirmed' };
    case 'EventSignUpCancelled':
      return { ...doc, status: 'cancelled' };
    case 'EventSignUpCheckedIn':
      return { ...doc, checkedIn: true };
  }
}

const DETAIL_FIELDS = ['name', 'email', 'phone', 'partySize', 'date', 'time'] as const;

type Unkeyed = Pick<BookingSearchDoc, '_id' | 'kind' | 'id' | (typeof DETAIL_FIELDS)[number] | 'status' | 'eventId'>;

/** Printable ASCII and tab to carriage return: nothing for NFD to split, no mark to drop. */
const PLAIN = /^[\t-\r\x20-\x7e]*$/;

/** searchText, without the Unicode normalisation where the text has nothing it would change (a replay's every booking). */
function keyOf(value: string): string {
  return PLAIN.test(value) ? value.toLowerCase().replace(/\s+/g, ' ').trim() : searchText(value);
}

/**
 * `doc` (a new object of the caller's, never one it was given) with its keys, those of `before` kept
 * where their field did not change: set on it rather than copied into another.
 */
function withKeys(doc: Unkeyed, before?: BookingSearchDoc): BookingSearchDoc {
  const keyed = doc as BookingSearchDoc;
  keyed.nameKey = before && before.name === doc.name ? before.nameKey : keyOf(doc.name);
  keyed.emailKey = before && before.email === doc.email ? before.emailKey : keyOf(doc.email);
  keyed.phoneKey = before && before.phone === doc.phone ? before.phoneKey : phoneDigits(doc.phone);
  return keyed;
}

export const bookingSearchProjection = defineProjection<BookingSearchDoc>({
  name: 'booking_search',
  // 2: arrival marks and event sign-ups.
  version: 2,
  handles: [...BOOKING_EVENT_TYPES, ...ARRIVAL_EVENT_TYPES, ...EVENT_SIGN_UP_EVENT_TYPES],
  // One document per booking ever made: kept on disk, and each of the search's limited finds is read
  // in an index's order (open bookings by date either way from today; cancelled/rejected by status, then date).
  onDisk: true,
  indexes: [
    { name: 'date_time_id', key: { date: 1, time: 1, _id: 1 } },
    { name: 'status_date_time_id', key: { status: 1, date: 1, time: 1, _id: 1 } },
  ],
  documentIds: (event) => {
    if (SIGN_UP_TYPES.has(event.type)) return [searchDocId('sign-up', (event.data as { signUpId: string }).signUpId)];
    const { kind, id } = bookingOf(event);
    return [searchDocId(kind, id)];
  },
  evolve: (doc, event, docId) => {
    if (SIGN_UP_TYPES.has(event.type)) return signUpDoc(doc, event, docId);
    const e = { type: event.type, data: event.data } as ReservationEvent | PartyBookingEvent;
    switch (e.type) {
      case 'ReservationRequested':
      case 'PartyBookingRequested': {
        const { kind, id } = bookingOf(e);
        const { name, email, phone, partySize, date, time } = e.data;
        const status = kind === 'party' ? 'pending' : 'booked';
        return withKeys({ _id: docId, kind, id, name, email, phone, partySize, date, time, status });
      }
      case 'ReservationPersonalDataErased':
      case 'PartyBookingPersonalDataErased':
        // Forgotten: nothing of the guest may stay findable, so the booking leaves the search altogether.
        return null;
    }
    if (!doc) return doc;
    switch (e.type) {
      case 'ReservationChanged':
      case 'PartyBookingDetailsChanged': {
        const next: Record<string, unknown> = { ...doc };
        const changes = e.data as Partial<Record<(typeof DETAIL_FIELDS)[number], string | number | null>>;
        for (const field of DETAIL_FIELDS) {
          const value = changes[field];
          // null clears an optional field; none of these is optional.
          if (value !== undefined && value !== null) next[field] = value;
        }
        return withKeys(next as unknown as Unkeyed, doc);
      }
      case 'PartyBookingApproved':
        return { ...doc, status: 'approved' };
      case 'PartyBookingRejected':
        return { ...doc, status: 'rejected' };
      case 'PartyBookingReturnedToPending':
        return { ...doc, status: 'pending' };
      case 'PartyBookingChangeDeclined': {
        const { date, time, partySize } = e.data.restored;
        return { ...doc, date, time, partySize, status: 'approved' };
      }
      case 'ReservationCancelled':
      case 'PartyBookingCancelled':
        return { ...doc, status: 'cancelled' };
    }
    switch (event.type) {
      case 'ReservationArrivalMarked':
      case 'PartyBookingArrivalMarked': {
        const { status } = event.data as ArrivalMarkedData;
        const { arrival: _was, ...rest } = doc;
        return status === 'expected' ? rest : { ...rest, arrival: status };
      }
      default:
        return doc;
    }
  },
});
