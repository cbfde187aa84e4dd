import type { GuestBookingKind, ReservationDetails } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { findReservation } from '../reservations/index.js';
import { findPartyBooking } from '../party-bookings/index.js';

/** A booking its guest may still see and change through their link. */
export interface LiveGuestBooking {
  /** confirmed: a reservation, or an approved party booking; pending: a party request staff have not decided yet. */
  status: 'confirmed' | 'pending';
  kind: GuestBookingKind;
  id: string;
  details: ReservationDetails & { eventType?: string };
  /** A party its guest made larger or moved after approval: the approved date, time and size, held meanwhile. */
  held?: { date: string; time: string; partySize: number };
}

/** A booking of either kind as its guest sees it; cancelled or declined, its link is over. */
export type GuestBookingState = { status: 'none' } | { status: 'cancelled' | 'declined' } | LiveGuestBooking;

/**
 * A guest's booking from the kind's read models. Every command waits for the read models before it
 * answers, so a cancellation or a change a moment ago is already seen here.
 */
export async function findGuestBooking(documents: DocumentStore, kind: GuestBookingKind, id: string): Promise<GuestBookingState> {
  if (kind === 'reservation') {
    const reservation = await findReservation(documents, id);
    if (reservation === null || reservation === 'cancelled') return over(reservation);
    return { status: 'confirmed', kind, id, details: reservation };
  }
  const party = await findPartyBooking(documents, id);
  if (party === null || party === 'cancelled') return over(party);
  switch (party.status) {
    case 'pending': {
      const held = party.heldAs && { date: party.heldAs.date, time: party.heldAs.time, partySize: party.heldAs.partySize };
      return { status: 'pending', kind, id, details: party, ...(held ? { held } : {}) };
    }
    case 'approved':
      return { status: 'confirmed', kind, id, details: party };
    case 'rejected':
      return { status: 'declined' };
  }
}

const over = (found: 'cancelled' | null): GuestBookingState => (found === null ? { status: 'none' } : { status: 'cancelled' });
