import {
  PARTY_BOOKING_EVENT_TYPES,
  RESERVATION_EVENT_TYPES,
  type DetailsChange,
  type ReservationDetails,
} from '@cafe/contracts';
import { onlyChanged } from '../platform/commands/only-changed.js';

/**
 * Shared by reservations and party bookings: an edit carries only what differs from the stored
 * details, and `specialRequests: null` removes the optional field (already absent = unchanged).
 */
export function changedDetails<D extends ReservationDetails>(current: D, changes: DetailsChange<D>): DetailsChange<D> {
  return onlyChanged(current, changes as Partial<D>, (before, after) =>
    after === null ? before === undefined || before === null : before === after,
  ) as DetailsChange<D>;
}

/** An edit applied: given fields replace, `null` removes. */
export function applyChanges<D extends object>(current: D, changes: DetailsChange<D>): D {
  const next = { ...current } as Record<string, unknown>;
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as D;
}

/**
 * A PATCH body may clear special requests by sending '' or null: the contract schema turns both into
 * undefined (= unchanged), so the route looks at the raw body to tell "cleared" from "not sent".
 */
export function clearsSpecialRequests(body: unknown, parsed: { specialRequests?: string }): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    'specialRequests' in body &&
    parsed.specialRequests === undefined
  );
}

/** Every event of both kinds, for the read models that show reservations and party bookings together. */
export const BOOKING_EVENT_TYPES = [...RESERVATION_EVENT_TYPES, ...PARTY_BOOKING_EVENT_TYPES];

/** The booking an event is about: reservation events carry reservationId, party booking events partyBookingId. */
export function bookingOf(event: { type: string; data: unknown }): { kind: 'reservation' | 'party'; id: string } {
  const data = event.data as { reservationId?: string; partyBookingId?: string };
  return event.type.startsWith('Reservation')
    ? { kind: 'reservation', id: data.reservationId! }
    : { kind: 'party', id: data.partyBookingId! };
}
