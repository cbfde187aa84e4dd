import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { RangeImpact } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/** The impact preview: GET /api/admin/blocked-ranges/impact?from&to, the live bookings a range would close. */
export const getRangeImpact = (from: string, to: string) =>
  getJson<RangeImpact>(`/api/admin/blocked-ranges/impact?${new URLSearchParams({ from, to }).toString()}`);

/** What becomes of the bookings on the days closed. */
export type BookingsChoice = 'keep' | 'cancel';

export const rangeImpactKey = ['admin', 'range-impact'] as const;

export const rangeImpactQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [...rangeImpactKey, from, to],
    queryFn: () => getRangeImpact(from, to),
    // Bookings keep arriving: always ask again when the dialog asks.
    staleTime: 0,
  });

/** null while the dialog has no valid range yet; the last answer stays shown while the next one loads. */
export const useRangeImpact = (range: { from: string; to: string } | null) =>
  useQuery({
    ...rangeImpactQueryOptions(range?.from ?? '', range?.to ?? ''),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });

export interface ClosureImpactState {
  query: Pick<UseQueryResult<RangeImpact>, 'isError' | 'error' | 'isFetching'>;
  /** The answer for the days chosen now (not the previous choice's, still shown while loading), or null. */
  shown: RangeImpact | null;
  /** Live bookings on those days. */
  count: number;
}

/** The impact of closing `range` (one date: from = to), as the range dialog and the Block Date form show it. */
export function useClosureImpact(range: { from: string; to: string } | null): ClosureImpactState {
  const query = useRangeImpact(range);
  const shown = range && query.data && query.data.from === range.from && query.data.to === range.to ? query.data : null;
  return { query, shown, count: shown?.bookings.length ?? 0 };
}
