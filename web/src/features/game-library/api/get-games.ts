import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicGame, StaffGame } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/** The whole library in one answer: the page filters it in the browser, so each change of a filter is instant. */
export const getGames = () => getJson<PublicGame[]>('/api/games');
export const gamesQueryOptions = () => queryOptions({ queryKey: ['/api/games'], queryFn: getGames, staleTime: 60_000 });
export const useGames = () => useQuery(gamesQueryOptions());

/** The dashboard's list: every game with its copies and their notes. */
export const getAdminGames = () => getJson<StaffGame[]>('/api/admin/games');
export const adminGamesQueryOptions = () => queryOptions({ queryKey: ['/api/admin/games'], queryFn: getAdminGames });
export const useAdminGames = () => useQuery(adminGamesQueryOptions());
