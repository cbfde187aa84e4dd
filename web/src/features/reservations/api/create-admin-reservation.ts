import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReservation } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { refetchBookingLists } from '../../../lib/booking-query-keys';

/** The Add New Reservation dialog: POST /api/admin/reservations (sizes 1–10, the dialog's messages). */
export const createAdminReservation = (input: AdminReservation) =>
  sendJson<{ id: string; version?: number }>('POST', '/api/admin/reservations', input);

export function useCreateAdminReservation(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminReservation,
    onSuccess: async () => {
      await refetchBookingLists(queryClient, 'reservation');
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
