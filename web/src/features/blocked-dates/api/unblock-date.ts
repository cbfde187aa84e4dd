import { sendJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';

/** Reopen a day: DELETE /api/admin/blocked-dates/{id}. */
export const unblockDate = (id: string) =>
  sendJson<{ id: string; date: string }>('DELETE', `/api/admin/blocked-dates/${encodeURIComponent(id)}`);

export const useUnblockDate = (options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) =>
  useRefetchingMutation({
    mutationFn: unblockDate,
    refetch: (queryClient) => queryClient.invalidateQueries({ queryKey: bookingKeys.blockedDates }),
    onSuccess: () => options.onSuccess?.(),
    onError: options.onError,
  });
