import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api-client';

/** The default fetch joins the key's segments with slashes and GETs that path. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(queryKey.map(String).join('/'));

/** The product's fetching rules: no refetch interval, no refetch on focus, never stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
