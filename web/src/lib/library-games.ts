import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicGame } from '@cafe/contracts';
import { getJson } from './api-client';

/**
 * The café's games by title (GET /api/games, cached with an ETag by the server), for the booking forms'
 * game picker. Loaded only once a form asks (`enabled`), so the landing page's first view does not.
 */
export const libraryGamesQueryOptions = () =>
  queryOptions({ queryKey: ['library-games'], queryFn: () => getJson<PublicGame[]>('/api/games'), staleTime: 5 * 60_000 });

export const useLibraryGames = (enabled: boolean) => useQuery({ ...libraryGamesQueryOptions(), enabled });
