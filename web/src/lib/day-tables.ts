import { useQuery } from '@tanstack/react-query';
import type { FloorView } from '@cafe/contracts';
import { getJson } from './api-client';
import { bookingKeys } from './booking-query-keys';

/** The host's view of a day (GET /api/admin/floor/view), under the booking views' key. */
const useFloorView = (date: string) =>
  useQuery({
    queryKey: [...bookingKeys.views, 'floor-view', date, ''] as const,
    queryFn: () => getJson<FloorView>(`/api/admin/floor/view?${new URLSearchParams({ date }).toString()}`),
    enabled: date !== '',
  });

/**
 * The tables each booking of a day sits at, from the host's view of the day (GET /api/admin/floor/view):
 * the staff lists show "Table 7" beside a booking whose list entry does not carry its tables. Under the
 * booking views' key, so a move (here or live) shows at once. Empty without a floor.
 */
export function useDayTables(date: string): ReadonlyMap<string, string[]> {
  const { data } = useFloorView(date);
  if (!data?.hasFloor) return new Map();
  return new Map(data.stays.filter((s) => s.kind === 'reservation' || s.kind === 'party').map((s) => [s.bookingId, s.tables]));
}

/**
 * The floor's seats (every table's maximum) from the same view: what "21 covers · 42 seats" counts against
 * with a floor, rather than the capacity setting the floor replaced. Null without a floor or while loading.
 */
export function useFloorSeats(date: string): number | null {
  const { data } = useFloorView(date);
  return data?.hasFloor ? data.tables.reduce((n, t) => n + t.maxSeats, 0) : null;
}
