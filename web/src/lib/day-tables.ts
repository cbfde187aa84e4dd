import { useQuery } from '@tanstack/react-query';
import type { FloorView } from '@cafe/contracts';
import { getJson } from './api-client';
import { bookingKeys } from './booking-query-keys';

/**
 * The tables each booking of a day sits at, from the host's view of the day (GET /api/admin/floor/view):
 * the staff lists show "Table 7" beside a booking whose list entry does not carry its tables. Under the
 * booking views' key, so a move (here or live) shows at once. Empty without a floor.
 */
export function useDayTables(date: string): ReadonlyMap<string, string[]> {
  const { data } = useQuery({
    queryKey: [...bookingKeys.views, 'floor-view', date, ''] as const,
    queryFn: () => getJson<FloorView>(`/api/admin/floor/view?${new URLSearchParams({ date }).toString()}`),
    enabled: date !== '',
  });
  if (!data?.hasFloor) return new Map();
  return new Map(data.stays.filter((s) => s.kind === 'reservation' || s.kind === 'party').map((s) => [s.bookingId, s.tables]));
}
