import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  TABLE_RULE_CODE,
  type FloorView,
  type StayChange,
  type TableMove,
  type WalkInInput,
  type WalkInOut,
} from '@cafe/contracts';
import { useRef } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { ApiError, getJson, sendJson } from '../../../lib/api-client';
import { bookingKeys, refetchBookingLists } from '../../../lib/booking-query-keys';
import { useRefetchingMutation } from '../../../lib/use-refetching-mutation';
import { adminBookingPath, type BookingKind } from '../../../lib/booking-paths';

/**
 * The host's view of a day at a time (now when `time` is empty). Keyed under the dashboard's booking
 * views, so a booking made, moved or seated anywhere (live notices included) redraws the floor.
 */
export const floorViewQueryOptions = (date: string, time: string) =>
  queryOptions({
    queryKey: [...bookingKeys.views, 'floor-view', date, time] as const,
    queryFn: () => getJson<FloorView>(`/api/admin/floor/view?${new URLSearchParams(time ? { date, time } : { date }).toString()}`),
    enabled: date !== '',
    // "Now" moves on by itself (a stay runs over with no event to say so): read it again each minute.
    refetchInterval: time ? false : 60_000,
  });

export const useFloorView = (date: string, time: string) => useQuery(floorViewQueryOptions(date, time));

/** The message of a 409 that says the move breaks a table rule (taken, too small, kept off the online book). */
export function tableRuleMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body) as { code?: unknown; message?: unknown };
    return body.code === TABLE_RULE_CODE && typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

const refetchAll = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([refetchBookingLists(queryClient, 'reservation'), refetchBookingLists(queryClient, 'party')]);

type Callbacks<TVars, TResult> = { onSuccess?: (out: TResult, vars: TVars) => void; onError?: (error: unknown, vars: TVars) => void };

/** POST /api/admin/floor/moves: a booking to other tables (`force` once staff saw the rule it breaks). */
export const useMoveTables = (options: Callbacks<TableMove, { tables: string[] }> = {}) =>
  useRefetchingMutation<TableMove, { tables: string[] }>({
    mutationFn: (move) => sendJson('POST', '/api/admin/floor/moves', move),
    refetch: refetchAll,
    ...options,
  });

/** POST /api/admin/floor/stays: a stay made longer or shorter. */
export const useChangeStay = (options: Callbacks<StayChange, unknown> = {}) =>
  useRefetchingMutation<StayChange, unknown>({
    mutationFn: (change) => sendJson('POST', '/api/admin/floor/stays', change),
    refetch: refetchAll,
    ...options,
  });

export type TableWalkIn = WalkInInput & { tables: string[] };

/**
 * POST /api/admin/walk-ins at a table: seated there now, for their stay. One Idempotency-Key per walk-in
 * until it is seated, so a tap sent again after a lost answer seats the party once.
 */
export function useSeatWalkIn(options: Callbacks<TableWalkIn, WalkInOut> = {}) {
  // The same table and size sent again is the same walk-in; another size or table is another party.
  const key = useRef<{ details: string; key: string } | null>(null);
  return useRefetchingMutation<TableWalkIn, WalkInOut>({
    mutationFn: (input) => {
      const details = JSON.stringify(input);
      if (key.current?.details !== details) key.current = { details, key: uuidv7() };
      return sendJson<WalkInOut>('POST', '/api/admin/walk-ins', input, { [IDEMPOTENCY_KEY_HEADER]: key.current.key });
    },
    refetch: refetchAll,
    onSuccess: (out, vars) => {
      key.current = null;
      options.onSuccess?.(out, vars);
    },
    onError: options.onError,
  });
}

/** PATCH …/{id}/arrival: the next party is here and sits down (the arrivals' own route). */
export const useSeatParty = (options: Callbacks<{ kind: BookingKind; id: string }, unknown> = {}) =>
  useRefetchingMutation<{ kind: BookingKind; id: string }, unknown>({
    mutationFn: ({ kind, id }) => sendJson('PATCH', `${adminBookingPath(kind, id)}/arrival`, { status: 'seated' }),
    refetch: refetchAll,
    ...options,
  });
