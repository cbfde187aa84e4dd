import { eventTypeLabel, type PartyStatus, type ReservationDetails } from '@cafe/contracts';

/** A booking as a read model holds it: its details, id and stream revision. */
interface StoredBooking extends ReservationDetails {
  id: string;
  version: number;
}

/**
 * The one mapping from a booking read model's row to an answer: the fields every answer about a
 * booking carries (reservations, party bookings, the calendar's entries), in the contract's order.
 */
export function bookingOut(doc: StoredBooking) {
  return {
    id: doc.id,
    name: doc.name,
    email: doc.email,
    phone: doc.phone,
    partySize: doc.partySize,
    date: doc.date,
    time: doc.time,
    specialRequests: doc.specialRequests ?? null,
    version: doc.version,
  };
}

/** What a party booking adds (SPEC: its event type and the staff's decision). */
export function partyOut<D extends { eventType?: string | null; status?: PartyStatus; adminNotes?: string | null }>(doc: D) {
  const status: D['status'] = doc.status;
  return {
    eventType: doc.eventType ?? null,
    eventTypeLabel: eventTypeLabel(doc.eventType),
    status,
    adminNotes: doc.adminNotes ?? null,
  };
}

/** What a kind's own staff list adds: where the booking came from and when it was made and changed. */
export function recordOut(doc: { source: 'public' | 'admin'; createdAt: string; updatedAt: string }) {
  return { source: doc.source, createdAt: doc.createdAt, updatedAt: doc.updatedAt };
}
