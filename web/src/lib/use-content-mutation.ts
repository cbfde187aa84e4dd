import type { QueryKey } from '@tanstack/react-query';
import { errorDescription } from './api-client';
import { toast } from './toaster';
import { useRefetchingMutation } from './use-refetching-mutation';

export interface ContentMutationOptions<TVars, TResult> {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** The lists this change affects (admin and public): refetched before the success notice shows. */
  invalidates: QueryKey[];
  /** null: another notice already says how it went (a run that ended before the lists were read again). */
  success: string | ((result: TResult, vars: TVars) => string | null);
  successDescription?: (result: TResult, vars: TVars) => string | undefined;
  failure: string;
  /** Shown when the server sent no message of its own. */
  failureFallback?: string;
  onSuccess?: (result: TResult, vars: TVars) => void;
  onError?: (error: unknown, vars: TVars) => void;
}

/**
 * A staff change: no optimistic update, the affected lists are refetched after it settles, and a
 * failure always shows a danger toast with the server's message so nobody thinks it was saved.
 */
export function useContentMutation<TVars = void, TResult = unknown>(options: ContentMutationOptions<TVars, TResult>) {
  return useRefetchingMutation<TVars, TResult>({
    mutationFn: options.mutationFn,
    refetch: (queryClient) => Promise.all(options.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    // The lists are read again too: a failure often means someone else changed the same thing.
    refetchAfterError: () => true,
    onSuccess: (result, vars) => {
      const title = typeof options.success === 'function' ? options.success(result, vars) : options.success;
      if (title !== null) toast({ title, description: options.successDescription?.(result, vars), intent: 'success' });
      options.onSuccess?.(result, vars);
    },
    onError: (error, vars) => {
      toast({
        title: options.failure,
        description: errorDescription(error, options.failureFallback ?? 'Please try again'),
        intent: 'danger',
      });
      options.onError?.(error, vars);
    },
  });
}
