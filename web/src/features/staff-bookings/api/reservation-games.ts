import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReservationGamesOut } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';

/** Keyed under the dashboard's views: every booking change refetches them with the lists. */
const gamesKey = (date: string) => [...bookingKeys.views, 'reservation-games', date] as const;

/** GET /api/admin/reservation-games?date=: the day's reservations that asked for games, with the copies warning. */
export const reservationGamesQueryOptions = (date: string) =>
  queryOptions({
    queryKey: gamesKey(date),
    queryFn: () => getJson<ReservationGamesOut>(`/api/admin/reservation-games?date=${encodeURIComponent(date)}`),
    enabled: date !== '',
  });

export type ReservationGames = ReservationGamesOut['reservations'][number];

/** reservation id → its games, for the rows of a day. */
export function useReservationGames(date: string): ReadonlyMap<string, ReservationGames> {
  const { data } = useQuery(reservationGamesQueryOptions(date));
  return new Map((data?.reservations ?? []).map((r) => [r.id, r]));
}
