import type { BlockedRangeInput, BlockedRangeResult } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';
import { refetchAfterClosure } from './refetch-after-closure';

/** Close a range of dates, keeping or cancelling its bookings: POST /api/admin/blocked-ranges. */
export const blockRange = (input: BlockedRangeInput) => sendJson<BlockedRangeResult>('POST', '/api/admin/blocked-ranges', input);

export const useBlockRange = (options: { onSuccess?: (result: BlockedRangeResult) => void; onError?: (error: unknown) => void } = {}) =>
  useRefetchingMutation({
    mutationFn: blockRange,
    refetch: refetchAfterClosure,
    onSuccess: (result) => options.onSuccess?.(result),
    onError: options.onError,
  });
