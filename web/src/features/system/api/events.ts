import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SYSTEM_EVENTS_DEFAULT_LIMIT, type SystemEvents } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

export interface EventFilters {
  stream: string;
  type: string;
}

/** The log loads this many at first, and this many more at each "Show more". */
export const EVENTS_PAGE = 20;

/** GET /api/admin/system/events: the event log, newest first, of one stream and/or one type. */
export const getEvents = ({ stream, type }: EventFilters, limit: number = SYSTEM_EVENTS_DEFAULT_LIMIT) => {
  const params = new URLSearchParams({ limit: String(limit) });
  if (stream) params.set('stream', stream);
  if (type) params.set('type', type);
  return getJson<SystemEvents>(`/api/admin/system/events?${params}`);
};

export const eventsQueryOptions = (filters: EventFilters, limit: number) =>
  queryOptions({
    queryKey: ['/api/admin/system/events', filters, limit],
    queryFn: () => getEvents(filters, limit),
    placeholderData: keepPreviousData,
  });
export const useEvents = (filters: EventFilters, limit: number) => useQuery(eventsQueryOptions(filters, limit));
