import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CafeEvent } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/** GET /api/events: visible upcoming events; a signed-in admin gets every event, hidden and past too. */
export const getEvents = () => getJson<CafeEvent[]>('/api/events');

export const eventsQueryOptions = () => queryOptions({ queryKey: ['/api/events'], queryFn: getEvents });

export const useEvents = () => useQuery(eventsQueryOptions());
