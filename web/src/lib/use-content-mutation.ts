import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { errorDescription } from './api-client';
import { toast } from './toaster';

export interface ContentMutationOptions<TVars, TResult> {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** The lists this change affects (admin and public): refetched before the success notice shows. */
  invalidates: QueryKey[];
  success: string | ((result: TResult, vars: TVars) => string);
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result, vars) => {
      await Promise.all(options.invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      const title = typeof options.success === 'function' ? options.success(result, vars) : options.success;
      void toast({ title, description: options.successDescription?.(result, vars), intent: 'success' });
      options.onSuccess?.(result, vars);
    },
    onError: (error, vars) => {
      // The lists are read again too: a failure often means someone else changed the same thing.
      for (const queryKey of options.invalidates) void queryClient.invalidateQueries({ queryKey });
      void toast({
        title: options.failure,
        description: errorDescription(error, options.failureFallback ?? 'Please try again'),
        intent: 'danger',
      });
      options.onError?.(error, vars);
    },
  });
}
