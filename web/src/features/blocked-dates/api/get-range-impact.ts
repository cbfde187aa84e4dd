import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RangeImpact } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/** The impact preview: GET /api/admin/blocked-ranges/impact?from&to, the live bookings a range would close. */
export const getRangeImpact = (from: string, to: string) =>
  getJson<RangeImpact>(`/api/admin/blocked-ranges/impact?${new URLSearchParams({ from, to }).toString()}`);

export const rangeImpactQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'range-impact', from, to],
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
