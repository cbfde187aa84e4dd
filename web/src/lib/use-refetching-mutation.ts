import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

export interface RefetchingMutationOptions<TVars, TResult> {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** Reads the affected lists again; awaited before onSuccess, so they show the change when it is announced. */
  refetch: (queryClient: QueryClient, vars: TVars) => Promise<unknown>;
  /** Which failures also refetch (not awaited): those that mean the stored data moved on. Default: none. */
  refetchAfterError?: (error: unknown) => boolean;
  onSuccess?: (result: TResult, vars: TVars) => void;
  onError?: (error: unknown, vars: TVars) => void;
}

/** A staff change without optimistic update: the server's answer is the truth, so the lists are read again. */
export function useRefetchingMutation<TVars, TResult>(options: RefetchingMutationOptions<TVars, TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result, vars) => {
      await options.refetch(queryClient, vars);
      options.onSuccess?.(result, vars);
    },
    onError: (error, vars) => {
      if (options.refetchAfterError?.(error)) void options.refetch(queryClient, vars);
      options.onError?.(error, vars);
    },
  });
}
