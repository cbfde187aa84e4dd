import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  type ArrivalsOut,
  type ArrivalStatus,
  type BookingHistory,
  type WalkInInput,
  type WalkInOut,
} from '@cafe/contracts';
import { getJson, sendJson } from '../../../lib/api-client';
import { bookingKeys, refetchBookingLists } from '../../../lib/booking-query-keys';
import { useBookingMutation, type BookingMutationOptions } from '../../../lib/use-booking-mutation';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';
import { adminBookingPath, type BookingKind } from '../../../lib/booking-paths';
import { useIdempotentCreate } from './idempotent-create';

/**
 * Arrivals (staff only): keyed under the dashboard's views, so every booking change (and a walk-in)
 * refetches them with the lists.
 */
const arrivalKeys = {
  day: (date: string) => [...bookingKeys.views, 'arrivals', date] as const,
  history: (kind: BookingKind, id: string) => [...bookingKeys.history(kind, id), 'arrivals'] as const,
};

/** GET /api/admin/arrivals?date=: each live booking of the day with its arrival status. */
export const arrivalsQueryOptions = (date: string) =>
  queryOptions({
    queryKey: arrivalKeys.day(date),
    queryFn: () => getJson<ArrivalsOut>(`/api/admin/arrivals?date=${encodeURIComponent(date)}`),
    enabled: date !== '',
  });

/** kind:id → status, for the rows of a day. */
export function useArrivals(date: string): ReadonlyMap<string, ArrivalsOut['bookings'][number]> {
  const { data } = useQuery(arrivalsQueryOptions(date));
  return new Map((data?.bookings ?? []).map((b) => [`${b.kind}:${b.id}`, b]));
}

/** GET /api/admin/{reservations|party-bookings}/{id}/arrivals: the arrival changes the History tab merges in. */
export const useArrivalHistory = (kind: BookingKind, id: string) =>
  useQuery({
    queryKey: arrivalKeys.history(kind, id),
    queryFn: () => getJson<{ events: BookingHistory['events'] }>(`${adminBookingPath(kind, id)}/arrivals`),
  });

export interface MarkArrivalInput {
  id: string;
  status: ArrivalStatus;
}

/** PATCH …/{id}/arrival: arrived, seated, finished, no-show, or back. */
export const useMarkArrival = (kind: BookingKind, options?: BookingMutationOptions<MarkArrivalInput>) =>
  useBookingMutation(
    kind,
    ({ id, status }: MarkArrivalInput) => sendJson('PATCH', `${adminBookingPath(kind, id)}/arrival`, { status }),
    options,
  );

/**
 * POST /api/admin/walk-ins: seated now, in the café's zone. Under an Idempotency-Key, so Add pressed
 * again after a 500 (or a lost answer) seats the walk-in once.
 */
export const addWalkIn = (input: WalkInInput, key: string) =>
  sendJson<WalkInOut>('POST', '/api/admin/walk-ins', input, { [IDEMPOTENCY_KEY_HEADER]: key });

export function useAddWalkIn(options: { onSuccess?: (out: WalkInOut) => void; onError?: (error: unknown) => void } = {}) {
  // One key per walk-in asked for: the same size and name sent again in the dialog are the same walk-in.
  const add = useIdempotentCreate(addWalkIn);
  const mutation = useRefetchingMutation<WalkInInput, WalkInOut>({
    mutationFn: add.send,
    refetch: (queryClient) => refetchBookingLists(queryClient, 'reservation'),
    onSuccess: (out) => {
      add.booked();
      options.onSuccess?.(out);
    },
    onError: options.onError,
  });
  // A walk-in's details (a size, maybe a name) do not tell two parties apart: the dialog closed, the
  // next one is another walk-in even with the same size, not the retry of one that failed.
  return { ...mutation, startAnew: add.booked };
}
