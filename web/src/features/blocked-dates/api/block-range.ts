import type { BlockedRangeInput, BlockedRangeResult } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';

/** Close a range of dates, keeping or cancelling its bookings: POST /api/admin/blocked-ranges. */
export const blockRange = (input: BlockedRangeInput) => sendJson<BlockedRangeResult>('POST', '/api/admin/blocked-ranges', input);

export const useBlockRange = (options: { onSuccess?: (result: BlockedRangeResult) => void; onError?: (error: unknown) => void } = {}) =>
  useRefetchingMutation({
    mutationFn: blockRange,
    // Cancelled bookings leave every booking list too.
    refetch: (queryClient) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.blockedDates }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.views }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.reservations }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.parties }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'range-impact'] }),
      ]),
    onSuccess: (result) => options.onSuccess?.(result),
    onError: options.onError,
  });
