import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPartyDetailsPatch } from '@cafe/contracts';
import { refetchBookingLists } from '../../../lib/booking-query-keys';
import { isConflict, sendVersioned } from '../../../lib/versioned';

export interface UpdatePartyDetailsInput {
  id: string;
  /** Sent as If-Match: the version the dialog opened with (or adopted after a conflict). */
  version: number;
  changes: AdminPartyDetailsPatch;
}

/** The Edit Party Booking dialog: PATCH /api/party-bookings/{id}/details with the changed fields. */
export const updatePartyDetails = ({ id, version, changes }: UpdatePartyDetailsInput) =>
  sendVersioned('PATCH', `/api/party-bookings/${encodeURIComponent(id)}/details`, version, changes);

export function useUpdatePartyDetails(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePartyDetails,
    onSuccess: async (_r, input) => {
      await refetchBookingLists(queryClient, 'party', input.id);
      options.onSuccess?.();
    },
    onError: (error, input) => {
      // Someone else changed it: the lists show the booking as it is now.
      if (isConflict(error)) void refetchBookingLists(queryClient, 'party', input.id);
      options.onError?.(error);
    },
  });
}
