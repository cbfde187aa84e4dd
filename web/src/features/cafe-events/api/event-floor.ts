import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FloorOut } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/**
 * GET /api/admin/floor for the event dialog's area and table picker. The floor dashboard reads the same
 * answer under the same key, so one fetch serves both and saving the floor refreshes the picker.
 */
export const eventFloorQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'floor'] as const, queryFn: () => getJson<FloorOut>('/api/admin/floor') });

export const useEventFloor = () => useQuery(eventFloorQueryOptions());
