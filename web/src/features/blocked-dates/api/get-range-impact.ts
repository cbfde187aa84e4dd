import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RangeImpact } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';
import type { ClosureImpactState } from '../../../components/closure-preview/closure-impact';

/** The impact preview: GET /api/admin/blocked-ranges/impact?from&to, the live bookings a range would close. */
export const getRangeImpact = (from: string, to: string) =>
  getJson<RangeImpact>(`/api/admin/blocked-ranges/impact?${new URLSearchParams({ from, to }).toString()}`);

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

/** The impact of closing `range` (one date: from = to), as the range dialog and the Block Date form show it. */
export function useClosureImpact(range: { from: string; to: string } | null): ClosureImpactState {
  const query = useRangeImpact(range);
  const shown = range && query.data && query.data.from === range.from && query.data.to === range.to ? query.data : null;
  return { query, shown, count: shown?.bookings.length ?? 0 };
}
