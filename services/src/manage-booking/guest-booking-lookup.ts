import type { GuestBookingKind, ReservationDetails } from '@cafe/contracts';
import { loadState } from '../platform/commands/command-runner.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { reservationDecider, reservationStream } from '../reservations/index.js';
import { partyBookingDecider, partyBookingStream } from '../party-bookings/index.js';

/**
 * A booking of either kind as its guest (and their reminder) sees it, folded from its stream rather
 * than read from a read model, so a cancellation a moment ago is already seen.
 * - confirmed: a reservation, or an approved party booking
 * - pending: a party request staff have not decided yet
 * - cancelled / declined: its link and its reminder are over
 */
export type GuestBookingState =
  | { status: 'none' }
  | {
      status: 'confirmed' | 'pending' | 'cancelled' | 'declined';
      kind: GuestBookingKind;
      id: string;
      details: ReservationDetails & { eventType?: string };
      /** A party its guest made larger or moved after approval: the approved date, time and size, held meanwhile. */
      held?: { date: string; time: string; partySize: number };
    };

export async function loadGuestBooking(eventStore: EventStore, kind: GuestBookingKind, id: string): Promise<GuestBookingState> {
  if (kind === 'reservation') {
    const { state } = await loadState(eventStore, reservationDecider, reservationStream(id));
    switch (state.status) {
      case 'none':
        return { status: 'none' };
      case 'requested':
        return { status: 'confirmed', kind, id, details: state.details };
      case 'cancelled':
        return { status: 'cancelled', kind, id, details: state.details };
    }
  }
  const { state } = await loadState(eventStore, partyBookingDecider, partyBookingStream(id));
  switch (state.status) {
    case 'none':
      return { status: 'none' };
    case 'pending': {
      const held = state.held && { date: state.held.date, time: state.held.time, partySize: state.held.partySize };
      return { status: 'pending', kind, id, details: state.details, ...(held ? { held } : {}) };
    }
    case 'approved':
      return { status: 'confirmed', kind, id, details: state.details };
    case 'rejected':
      return { status: 'declined', kind, id, details: state.details };
    case 'cancelled':
      return { status: 'cancelled', kind, id, details: state.details };
  }
}
