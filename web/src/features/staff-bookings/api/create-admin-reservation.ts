import type { AdminReservation } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { refetchBookingLists } from '../../../lib/booking-query-keys';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';
import { withCapacityOverride } from '../../../lib/versioned';

export type CreateAdminReservationInput = AdminReservation & { overrideCapacity?: boolean };

/** The Add New Reservation dialog: POST /api/admin/reservations (sizes 1–10, the dialog's messages). */
export const createAdminReservation = ({ overrideCapacity, ...input }: CreateAdminReservationInput) =>
  sendJson<{ id: string; version?: number }>('POST', withCapacityOverride('/api/admin/reservations', overrideCapacity), input);

export const useCreateAdminReservation = (
  options: { onSuccess?: () => void; onError?: (error: unknown, input: CreateAdminReservationInput) => void } = {},
) =>
  useRefetchingMutation({
    mutationFn: createAdminReservation,
    refetch: (queryClient) => refetchBookingLists(queryClient, 'reservation'),
    onSuccess: () => options.onSuccess?.(),
    onError: options.onError,
  });
