import { refetchBookingLists, type BookingKind } from './booking-query-keys';
import { useRefetchingMutation } from './use-refetching-mutation';
import { isConflict } from './versioned';

export interface BookingMutationOptions<TVars> {
  onSuccess?: (input: TVars) => void;
  onError?: (error: unknown, input: TVars) => void;
}

/**
 * A staff change to one booking: every list it shows up in (and its history) is refetched before
 * onSuccess; after a conflict too, so the lists show the booking as someone else left it.
 */
export function useBookingMutation<TVars extends { id?: string }>(
  kind: BookingKind,
  mutationFn: (input: TVars) => Promise<unknown>,
  options: BookingMutationOptions<TVars> = {},
) {
  return useRefetchingMutation<TVars, unknown>({
    mutationFn,
    refetch: (queryClient, input) => refetchBookingLists(queryClient, kind, input.id),
    refetchAfterError: isConflict,
    onSuccess: (_result, input) => options.onSuccess?.(input),
    onError: options.onError,
  });
}
