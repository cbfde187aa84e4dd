import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoversOut, DayCovers } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';

/** GET /api/admin/covers?from=&to=: each day's covers and seats per hour against the capacity. */
export const coversQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [...bookingKeys.views, 'covers', from, to] as const,
    queryFn: () => getJson<CoversOut>(`/api/admin/covers?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`),
    enabled: from !== '' && to !== '',
  });

export interface Covers {
  capacity: number;
  byDate: ReadonlyMap<string, DayCovers>;
}

/** The days from `from` to `to`, by date (empty while loading). */
export function useCovers(from: string, to: string): Covers | null {
  const { data } = useQuery(coversQueryOptions(from, to));
  return data ? { capacity: data.capacity, byDate: new Map(data.days.map((d) => [d.date, d])) } : null;
}
