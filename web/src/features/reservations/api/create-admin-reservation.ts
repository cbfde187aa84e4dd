import type { AdminReservation } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { refetchBookingLists } from '../../../lib/booking-query-keys';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';

/** The Add New Reservation dialog: POST /api/admin/reservations (sizes 1–10, the dialog's messages). */
export const createAdminReservation = (input: AdminReservation) =>
  sendJson<{ id: string; version?: number }>('POST', '/api/admin/reservations', input);

export const useCreateAdminReservation = (options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) =>
  useRefetchingMutation({
    mutationFn: createAdminReservation,
    refetch: (queryClient) => refetchBookingLists(queryClient, 'reservation'),
    onSuccess: () => options.onSuccess?.(),
    onError: options.onError,
  });
