import type { BlockedDate, BlockedDateInput } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';

/** Close the café for a day: POST /api/admin/blocked-dates {date, reason}. */
export const blockDate = (input: BlockedDateInput) => sendJson<BlockedDate>('POST', '/api/admin/blocked-dates', input);

export const useBlockDate = (options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) =>
  useRefetchingMutation({
    mutationFn: blockDate,
    refetch: (queryClient) => queryClient.invalidateQueries({ queryKey: bookingKeys.blockedDates }),
    onSuccess: () => options.onSuccess?.(),
    onError: options.onError,
  });
