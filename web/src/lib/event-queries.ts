// The events' lists as queries, apart from the calendars' helpers: the landing page's events section reads
// the events feature's api, which must not pull the contracts' schemas (and their zod) into the first load.
import { queryOptions } from '@tanstack/react-query';
import type { CafeEvent, EventOccurrence } from '@cafe/contracts';
import { getJson } from './api-client';

/** The dashboard's list: every event, hidden and past ones too (GET /api/admin/events); the Events section's. */
export const adminEventsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/admin/events'], queryFn: () => getJson<CafeEvent[]>('/api/admin/events') });

/** GET /api/events/occurrences: the next dates of the events that take sign-ups, with places left (/events). */
export const occurrencesQueryOptions = () =>
  queryOptions({ queryKey: ['/api/events/occurrences'], queryFn: () => getJson<EventOccurrence[]>('/api/events/occurrences') });
