import { sendJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';

/** Reopen the days a range block still holds: DELETE /api/admin/blocked-ranges/{id}. */
export const unblockRange = (id: string) =>
  sendJson<{ id: string; dates: string[] }>('DELETE', `/api/admin/blocked-ranges/${encodeURIComponent(id)}`);

export const useUnblockRange = (options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) =>
  useRefetchingMutation({
    mutationFn: unblockRange,
    refetch: (queryClient) => queryClient.invalidateQueries({ queryKey: bookingKeys.blockedDates }),
    onSuccess: () => options.onSuccess?.(),
    onError: options.onError,
  });
