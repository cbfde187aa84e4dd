import type { AdminPartyDetailsPatch } from '@cafe/contracts';
import { useBookingMutation, type BookingMutationOptions } from '../../../lib/use-booking-mutation';
import { sendVersioned } from '../../../lib/versioned';

export interface UpdatePartyDetailsInput {
  id: string;
  /** Sent as If-Match: the version the dialog opened with (or adopted after a conflict). */
  version: number;
  changes: AdminPartyDetailsPatch;
}

/** The Edit Party Booking dialog: PATCH /api/party-bookings/{id}/details with the changed fields. */
export const updatePartyDetails = ({ id, version, changes }: UpdatePartyDetailsInput) =>
  sendVersioned('PATCH', `/api/party-bookings/${encodeURIComponent(id)}/details`, version, changes);

export const useUpdatePartyDetails = (options?: BookingMutationOptions<UpdatePartyDetailsInput>) =>
  useBookingMutation('party', updatePartyDetails, options);
