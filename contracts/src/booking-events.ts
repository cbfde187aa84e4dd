import { PARTY_BOOKING_EVENT_TYPES } from './party-bookings.js';
import { RESERVATION_EVENT_TYPES } from './reservations.js';

/** Both kinds of booking, for the read models that show reservations and party bookings together. */
export const BOOKING_EVENT_TYPES = [...RESERVATION_EVENT_TYPES, ...PARTY_BOOKING_EVENT_TYPES];

/** The booking an event is about: reservation events carry reservationId, party booking events partyBookingId. */
export function bookingOf(event: { type: string; data: unknown }): { kind: 'reservation' | 'party'; id: string } {
  const data = event.data as { reservationId?: string; partyBookingId?: string };
  return event.type.startsWith('Reservation')
    ? { kind: 'reservation', id: data.reservationId! }
    : { kind: 'party', id: data.partyBookingId! };
}
