import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refetchBookingLists } from '../../../lib/booking-query-keys';
import { isConflict, sendVersioned } from '../../../lib/versioned';

/** Cancel ('delete') a party booking: it leaves every list, its history stays. */
export const cancelPartyBooking = ({ id, version }: { id: string; version: number }) =>
  sendVersioned('DELETE', `/api/party-bookings/${encodeURIComponent(id)}`, version);

export function useCancelPartyBooking(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPartyBooking,
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
