import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicOpenTables } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

export const openTablesKey = (date: string) => ['open-tables', date] as const;

/** A date's tables open to new players: the host's first name, the game and the seats left. */
export const getOpenTables = (date: string) => getJson<PublicOpenTables>(`/api/open-tables?date=${encodeURIComponent(date)}`);

export const openTablesQueryOptions = (date: string) =>
  queryOptions({ queryKey: openTablesKey(date), queryFn: () => getOpenTables(date), enabled: date !== '' });

export const useOpenTables = (date: string) => useQuery(openTablesQueryOptions(date));
