import { IDEMPOTENCY_KEY_HEADER, type AdminReservation } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { refetchBookingLists } from '../../../lib/booking-query-keys';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';
import { withCapacityOverride } from '../../../lib/versioned';
import { useIdempotentCreate } from './idempotent-create';

export type CreateAdminReservationInput = AdminReservation & { overrideCapacity?: boolean };

/**
 * The Add New Reservation dialog: POST /api/admin/reservations (sizes 1–10, the dialog's messages), under
 * an Idempotency-Key, so the same request sent again (Save pressed again after a 500) books once.
 */
export const createAdminReservation = ({ overrideCapacity, ...input }: CreateAdminReservationInput, key: string) =>
  sendJson<{ id: string; version?: number }>('POST', withCapacityOverride('/api/admin/reservations', overrideCapacity), input, {
    [IDEMPOTENCY_KEY_HEADER]: key,
  });

export function useCreateAdminReservation(
  options: { onSuccess?: () => void; onError?: (error: unknown, input: CreateAdminReservationInput) => void } = {},
) {
  // One key per reservation asked for: the same details sent again are the same reservation.
  const create = useIdempotentCreate(createAdminReservation);
  return useRefetchingMutation({
    mutationFn: create.send,
    refetch: (queryClient) => refetchBookingLists(queryClient, 'reservation'),
    onSuccess: () => {
      create.booked();
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
