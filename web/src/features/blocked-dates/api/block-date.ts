import type { BlockedDateInput, BlockedDateResult } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';
import { refetchAfterClosure } from './refetch-after-closure';

/**
 * Close the café for a day: POST /api/admin/blocked-dates {date, reason}, with `bookings` (keep or
 * cancel) when the day holds some; the answer says what became of them.
 */
export const blockDate = (input: BlockedDateInput) => sendJson<BlockedDateResult>('POST', '/api/admin/blocked-dates', input);

export const useBlockDate = (options: { onSuccess?: (result: BlockedDateResult) => void; onError?: (error: unknown) => void } = {}) =>
  useRefetchingMutation({
    mutationFn: blockDate,
    refetch: refetchAfterClosure,
    onSuccess: (result) => options.onSuccess?.(result),
    onError: options.onError,
  });
