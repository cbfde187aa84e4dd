import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinRequestInput } from '@cafe/contracts';
import { sendJson } from '../../../lib/api-client';

/** A visitor asks to join a table; the host answers by e-mail. */
export const askToJoin = (tableId: string, input: JoinRequestInput) =>
  sendJson<{ id: string; status: string }>('POST', `/api/open-tables/${encodeURIComponent(tableId)}/join-requests`, input);

export const useAskToJoin = (tableId: string, options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JoinRequestInput) => askToJoin(tableId, input),
    onSuccess: () => options.onSuccess?.(),
    onError: options.onError,
    // A refusal (full) means the seats changed: show the listing as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['open-tables'] }),
  });
};
