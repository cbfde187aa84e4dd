import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DoorQueueAdd,
  DoorQueueOut,
  DoorQueuePartyOut,
  FloorOut,
  FloorView,
  doorQueueAddedSchema,
  doorQueueGuestOutSchema,
} from '@cafe/contracts';
import { ApiError, getJson, sendJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';

export type DoorQueueAdded = z.output<typeof doorQueueAddedSchema>;
export type DoorQueueGuest = z.output<typeof doorQueueGuestOutSchema>;

/**
 * Under the booking views' key: the live updates refetch it on every queue change (the door queue's notices
 * are the `waitlist` kind, which refetches the views), and a seated party's walk-in shows in Today's Reservations at once.
 */
export const doorQueueKey = [...bookingKeys.views, 'door-queue'] as const;
const floorKey = [...bookingKeys.views, 'floor-view'] as const;

/** Today's door queue (GET /api/admin/door-queue): the parties in the order they came, with quotes and estimates. */
export const doorQueueQueryOptions = () =>
  queryOptions({
    queryKey: doorQueueKey,
    queryFn: async () => {
      const queue = await getJson<DoorQueueOut>('/api/admin/door-queue');
      // How far the server's clock is ahead of this device's: hold timers count by the server's.
      return { ...queue, skewMs: queue.now ? Date.parse(queue.now) - Date.now() : 0 };
    },
    // Estimates move with the clock even when nothing is written: read again each minute.
    refetchInterval: 60_000,
  });
export const useDoorQueue = () => useQuery(doorQueueQueryOptions());

/** The host's view now (GET /api/admin/floor/view): its free tables are where a party can sit. */
export const useFloorNow = (date: string, enabled: boolean) =>
  useQuery({
    queryKey: [...floorKey, date, ''] as const,
    queryFn: () => getJson<FloorView>(`/api/admin/floor/view?${new URLSearchParams({ date }).toString()}`),
    enabled: enabled && date !== '',
  });

/** GET /api/admin/floor (the floor dashboard's key, one fetch for both): its stay rules say how long a party sits. */
export const useFloorRules = (enabled: boolean) =>
  useQuery({ queryKey: ['admin', 'floor'] as const, queryFn: () => getJson<FloorOut>('/api/admin/floor'), enabled });

type Callbacks<T> = { onSuccess?: (result: T) => void; onError?: (error: unknown) => void };

function useQueueMutation<V, T>(send: (value: V) => Promise<T>, options: Callbacks<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: bookingKeys.views });
      options.onSuccess?.(result);
    },
    onError: options.onError,
  });
}

const partyPath = (id: string, action: 'ready' | 'seat' | 'gone') => `/api/admin/door-queue/${encodeURIComponent(id)}/${action}`;

export const useAddParty = (options: Callbacks<DoorQueueAdded> = {}) =>
  useQueueMutation((input: DoorQueueAdd) => sendJson<DoorQueueAdded>('POST', '/api/admin/door-queue', input), options);

export const useTableReady = (options: Callbacks<DoorQueuePartyOut> = {}) =>
  useQueueMutation((id: string) => sendJson<DoorQueuePartyOut>('POST', partyPath(id, 'ready'), {}), options);

export const useSeatParty = (options: Callbacks<DoorQueuePartyOut> = {}) =>
  useQueueMutation(
    ({ id, tables, force }: { id: string; tables: string[]; force?: boolean }) =>
      sendJson<DoorQueuePartyOut>('POST', partyPath(id, 'seat'), { ...(tables.length ? { tables } : {}), ...(force ? { force } : {}) }),
    options,
  );

export const useMarkGone = (options: Callbacks<DoorQueuePartyOut> = {}) =>
  useQueueMutation((id: string) => sendJson<DoorQueuePartyOut>('POST', partyPath(id, 'gone')), options);

/** The guest's live page (GET /api/door-queue/{token}): read again every few seconds, no reload needed. */
export const useQueuePlace = (token: string) =>
  useQuery({
    queryKey: ['door-queue-guest', token] as const,
    queryFn: () => getJson<DoorQueueGuest>(`/api/door-queue/${encodeURIComponent(token)}`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    refetchInterval: (query) => (query.state.data && ['seated', 'gone'].includes(query.state.data.status) ? false : 5_000),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
