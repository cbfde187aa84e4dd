import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockedDate, BlockedDateInput } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';

/** Close the café for a day: POST /api/admin/blocked-dates {date, reason}. */
export const blockDate = (input: BlockedDateInput) => sendJson<BlockedDate>('POST', '/api/admin/blocked-dates', input);

export function useBlockDate(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockDate,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: bookingKeys.blockedDates });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
