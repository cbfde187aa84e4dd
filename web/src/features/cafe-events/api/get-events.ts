import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CafeEvent } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';
import { adminEventsQueryOptions } from '../../../lib/event-queries';

/** GET /api/events: visible upcoming events. */
export const getEvents = () => getJson<CafeEvent[]>('/api/events');

export const eventsQueryOptions = () => queryOptions({ queryKey: ['/api/events'], queryFn: getEvents });

/** The dashboard's list: every event, hidden and past ones too (the staff calendars read it too). */
export { adminEventsQueryOptions };
export const useAdminEvents = () => useQuery(adminEventsQueryOptions());

/** The public site's list (visible events from the café's today on, in date order). */
export const useEvents = () => useQuery(eventsQueryOptions());

/** Featured events first, each group in date and time order (the order GET /api/events answers in). */
export const featuredFirst = (events: readonly CafeEvent[]): CafeEvent[] =>
  [...events].sort((a, b) => Number(b.isFeatured) - Number(a.isFeatured));
