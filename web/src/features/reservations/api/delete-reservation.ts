import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refetchBookingLists } from '../../../lib/booking-query-keys';
import { isConflict, sendVersioned } from '../../../lib/versioned';

/** Cancel a reservation (it leaves every view; its history stays), at the version the admin saw. */
export const deleteReservation = ({ id, version }: { id: string; version: number }) =>
  sendVersioned('DELETE', `/api/reservations/${encodeURIComponent(id)}`, version);

export function useDeleteReservation(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReservation,
    onSuccess: async (_r, input) => {
      await refetchBookingLists(queryClient, 'reservation', input.id);
      options.onSuccess?.();
    },
    onError: (error, input) => {
      // Someone else changed it: the lists show the booking as it is now.
      if (isConflict(error)) void refetchBookingLists(queryClient, 'reservation', input.id);
      options.onError?.(error);
    },
  });
}
