import {
  EVENT_OCCURRENCE_EVENT_TYPES,
  EVENT_SIGN_UP_EVENT_TYPES,
  PERSONAL_DATA_ERASED,
  type EventOccurrenceEvent,
  type EventSignUpEvent,
  type SignUpStatus,
} from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

/** event_sign_ups: one per sign-up, found by its occurrence (staff's attendees and waitlist). */
export interface SignUpDoc {
  _id: string;
  [key: string]: unknown;
  eventId: string;
  date: string;
  name: string;
  email: string;
  phone: string;
  places: number;
  status: SignUpStatus;
  checkedInAt: string | null;
  signedUpAt: string;
}

export const SIGN_UPS_BY_OCCURRENCE = { name: 'eventId_date', key: { eventId: 1, date: 1, _id: 1 } } as const;
/** The reminders look up a date's confirmed sign-ups. */
export const SIGN_UPS_BY_DATE = { name: 'date_status', key: { date: 1, status: 1, _id: 1 } } as const;

export const signUpsProjection = defineProjection<SignUpDoc>({
  name: 'event_sign_ups',
  // Kept in memory: a café's game nights take hundreds of sign-ups a year, not the bookings' thousands a
  // month. The indexes are MongoDB's (a date's list, the reminders' day).
  indexes: [SIGN_UPS_BY_OCCURRENCE, SIGN_UPS_BY_DATE],
  handles: EVENT_SIGN_UP_EVENT_TYPES,
  documentIds: (event) => [(event.data as { signUpId: string }).signUpId],
  evolve: (doc, recorded, id) => {
    const event = { type: recorded.type, data: recorded.data } as EventSignUpEvent;
    if (event.type === 'EventSignedUp') {
      const { eventId, date, name, email, phone, places, status } = event.data;
      return {
        _id: id,
        eventId,
        date,
        name,
        email,
        phone,
        places,
        status,
        checkedInAt: null,
        signedUpAt: recorded.metadata.occurredAt,
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'EventSignUpPromoted':
        return { ...doc, status: 'confirmed' };
      case 'EventSignUpCancelled':
        return { ...doc, status: 'cancelled' };
      case 'EventSignUpCheckedIn':
        return { ...doc, checkedInAt: recorded.metadata.occurredAt };
      case 'EventSignUpPersonalDataErased':
        return { ...doc, name: PERSONAL_DATA_ERASED, email: '', phone: '' };
    }
  },
});

/** event_occurrences: per date of an event, the places taken and the waitlist in order (no personal data). */
export interface OccurrenceDoc {
  _id: string;
  [key: string]: unknown;
  eventId: string;
  date: string;
  placesTaken: number;
  /** Sign-up ids, first to be promoted first. */
  waitlist: string[];
}

export const occurrenceDocId = (eventId: string, date: string) => `${eventId}_${date}`;

export const occurrencesProjection = defineProjection<OccurrenceDoc>({
  name: 'event_occurrences',
  handles: EVENT_OCCURRENCE_EVENT_TYPES,
  documentIds: (event) => {
    const { eventId, date } = event.data as { eventId: string; date: string };
    return [occurrenceDocId(eventId, date)];
  },
  evolve: (doc, recorded, id) => {
    const event = { type: recorded.type, data: recorded.data } as EventOccurrenceEvent;
    const { eventId, date, signUpId, places } = event.data;
    const current = doc ?? { _id: id, eventId, date, placesTaken: 0, waitlist: [] };
    const without = current.waitlist.filter((w) => w !== signUpId);
    switch (event.type) {
      case 'EventPlacesTaken':
        return { ...current, placesTaken: current.placesTaken + places };
      case 'EventWaitlistJoined':
        return { ...current, waitlist: [...current.waitlist, signUpId] };
      case 'EventWaitlistPromoted':
        return { ...current, placesTaken: current.placesTaken + places, waitlist: without };
      case 'EventPlacesReleased':
        return event.data.from === 'confirmed'
          ? { ...current, placesTaken: current.placesTaken - places }
          : { ...current, waitlist: without };
    }
  },
});
