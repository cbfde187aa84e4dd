import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReservationPatch } from '@cafe/contracts';
import { refetchBookingLists } from '../../../lib/booking-query-keys';
import { isConflict, sendVersioned } from '../../../lib/versioned';

export interface UpdateReservationInput {
  id: string;
  /** The version the dialog opened with (or adopted after a conflict): sent as If-Match. */
  version: number;
  changes: AdminReservationPatch;
}

/** The Edit Reservation dialog: PATCH /api/reservations/{id}, only the changed fields. */
export const updateReservation = ({ id, version, changes }: UpdateReservationInput) =>
  sendVersioned('PATCH', `/api/reservations/${encodeURIComponent(id)}`, version, changes);

export function useUpdateReservation(
  options: { onSuccess?: () => void; onError?: (error: unknown, input: UpdateReservationInput) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReservation,
    onSuccess: async (_r, input) => {
      await refetchBookingLists(queryClient, 'reservation', input.id);
      options.onSuccess?.();
    },
    onError: (error, input) => {
      // Someone else changed it: the lists show the booking as it is now.
      if (isConflict(error)) void refetchBookingLists(queryClient, 'reservation', input.id);
      options.onError?.(error, input);
    },
  });
}
