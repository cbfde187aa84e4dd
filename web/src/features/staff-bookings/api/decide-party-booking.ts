import type { PartyApproval } from '@cafe/contracts';
import { useBookingMutation, type BookingMutationOptions } from '../../../lib/use-booking-mutation';
import { sendVersioned, withCapacityOverride } from '../../../lib/versioned';

export interface DecidePartyBookingInput extends PartyApproval {
  id: string;
  /** If-Match tells a stale second decision (409) from a notes-only edit of a decided booking. */
  version: number;
  /** Approve past the seat capacity (the admin confirmed the warning). */
  overrideCapacity?: boolean;
}

/** Approve/Reject: PATCH /api/party-bookings/{id}/approve {status, adminNotes}. */
export const decidePartyBooking = ({ id, version, status, adminNotes, overrideCapacity }: DecidePartyBookingInput) =>
  sendVersioned('PATCH', withCapacityOverride(`/api/party-bookings/${encodeURIComponent(id)}/approve`, overrideCapacity), version, {
    status,
    adminNotes: adminNotes ?? '',
  });

export const useDecidePartyBooking = (options?: BookingMutationOptions<DecidePartyBookingInput>) =>
  useBookingMutation('party', decidePartyBooking, options);
