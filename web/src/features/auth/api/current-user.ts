import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthUser } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/** GET /api/auth/user: who is signed in. The same cached query Admin Access reads; logout clears it. */
export const signedInUserQueryOptions = () =>
  queryOptions({ queryKey: ['/api/auth/user'], queryFn: () => getJson<AuthUser>('/api/auth/user'), staleTime: 5 * 60_000 });

export const useSignedInUser = () => useQuery(signedInUserQueryOptions());
