// Who is signed in, as every staff screen asks it: the dashboard shell, the gallery route, Admin Access and
// the sign-in page read this one cached query (logout clears the whole cache).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, sendJson } from './api-client';

export type AdminStatus = 'admin' | 'not-admin' | 'signed-out';

/** GET /api/admin/whitelist answers 200 admin, 403 not admin, 401 not signed in; anything else is an error. */
export async function getAdminStatus(): Promise<AdminStatus> {
  const response = await fetch('/api/admin/whitelist', { credentials: 'include', headers: { accept: 'application/json' } });
  // Only the status matters, but an unread body keeps the request open in the browser (the page never
  // goes network-idle) and holds its connection: read it.
  await response.text();
  if (response.status === 200) return 'admin';
  if (response.status === 403) return 'not-admin';
  if (response.status === 401) return 'signed-out';
  throw new ApiError(response.status, '', response.statusText);
}

// Computed once and cached for good; logout clears the whole cache.
export const adminStatusQueryOptions = () =>
  queryOptions({ queryKey: ['admin-status'], queryFn: getAdminStatus, staleTime: Infinity, gcTime: Infinity });

export const useAdminStatus = () => useQuery(adminStatusQueryOptions());

export function useLogout(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<unknown>('POST', '/api/auth/logout'),
    onSuccess: () => {
      queryClient.clear();
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
