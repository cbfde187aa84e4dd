import type { AdminPartyDetailsPatch } from '@cafe/contracts';
import { useBookingMutation, type BookingMutationOptions } from '../../../lib/use-booking-mutation';
import { sendVersioned, withCapacityOverride } from '../../../lib/versioned';

export interface UpdatePartyDetailsInput {
  id: string;
  /** Sent as If-Match: the version the dialog opened with (or adopted after a conflict). */
  version: number;
  changes: AdminPartyDetailsPatch;
  /** Book past the seat capacity (the admin confirmed the warning). */
  overrideCapacity?: boolean;
}

/** The Edit Party Booking dialog: PATCH /api/party-bookings/{id}/details with the changed fields. */
export const updatePartyDetails = ({ id, version, changes, overrideCapacity }: UpdatePartyDetailsInput) =>
  sendVersioned('PATCH', withCapacityOverride(`/api/party-bookings/${encodeURIComponent(id)}/details`, overrideCapacity), version, changes);

export const useUpdatePartyDetails = (options?: BookingMutationOptions<UpdatePartyDetailsInput>) =>
  useBookingMutation('party', updatePartyDetails, options);
