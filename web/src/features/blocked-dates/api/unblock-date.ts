import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';

/** Reopen a day: DELETE /api/admin/blocked-dates/{id}. */
export const unblockDate = (id: string) =>
  sendJson<{ id: string; date: string }>('DELETE', `/api/admin/blocked-dates/${encodeURIComponent(id)}`);

export function useUnblockDate(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockDate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bookingKeys.blockedDates });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
