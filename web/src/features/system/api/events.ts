import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SYSTEM_EVENTS_DEFAULT_LIMIT, type SystemEvents } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

export interface EventFilters {
  stream: string;
  type: string;
}

/** GET /api/admin/system/events: the event log, newest first, of one stream and/or one type. */
export const getEvents = ({ stream, type }: EventFilters) => {
  const params = new URLSearchParams({ limit: String(SYSTEM_EVENTS_DEFAULT_LIMIT) });
  if (stream) params.set('stream', stream);
  if (type) params.set('type', type);
  return getJson<SystemEvents>(`/api/admin/system/events?${params}`);
};

export const eventsQueryOptions = (filters: EventFilters) =>
  queryOptions({ queryKey: ['/api/admin/system/events', filters], queryFn: () => getEvents(filters), placeholderData: keepPreviousData });
export const useEvents = (filters: EventFilters) => useQuery(eventsQueryOptions(filters));
