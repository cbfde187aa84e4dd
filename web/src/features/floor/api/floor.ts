import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Floor, FloorHistory, FloorOut } from '@cafe/contracts';
import { getJson, sendJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';

export const FLOOR_PATH = '/api/admin/floor';
const floorKey = ['admin', 'floor'] as const;

/** GET /api/admin/floor: the floor as staff set it (an empty one before any was set) and its version. */
export const floorQueryOptions = () => queryOptions({ queryKey: floorKey, queryFn: () => getJson<FloorOut>(FLOOR_PATH) });

export const useFloor = () => useQuery(floorQueryOptions());

/**
 * PUT /api/admin/floor: the whole floor, at the version the editor was opened on (If-Match), so two
 * people arranging the floor at once do not overwrite each other. Tables move every future booking,
 * so the floor's view and the lists are read again.
 */
export function useSaveFloor(options: { onSuccess?: (out: FloorOut) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ floor, version }: { floor: Floor; version?: number }) =>
      // Before any floor was set its version is -1: nothing to match then.
      sendJson<FloorOut>('PUT', FLOOR_PATH, floor, version === undefined || version < 0 ? {} : { 'if-match': `"${version}"` }),
    onSuccess: async (out) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: floorKey }), // the history under it too
        queryClient.invalidateQueries({ queryKey: bookingKeys.views }),
      ]);
      options.onSuccess?.(out);
    },
    onError: options.onError,
  });
}

/** GET /api/admin/floor/history: every floor set, with History's lines for what changed. */
export const useFloorHistory = (enabled: boolean) =>
  useQuery({ queryKey: [...floorKey, 'history'], queryFn: () => getJson<FloorHistory>(`${FLOOR_PATH}/history`), enabled });
