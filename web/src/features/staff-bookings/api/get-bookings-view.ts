import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { BookingsView, BookingView } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';

/** The Filter Reservations dialog's choices; empty strings mean "not set", as after Clear All. */
export interface ReservationFilters {
  from: string;
  to: string;
  minSize: string;
  maxSize: string;
  reservations: boolean;
  parties: boolean;
}

export const NO_FILTERS: ReservationFilters = { from: '', to: '', minSize: '', maxSize: '', reservations: true, parties: true };

export const activeFilterCount = (f: ReservationFilters) =>
  [f.from, f.to, f.minSize, f.maxSize].filter(Boolean).length + (f.reservations ? 0 : 1) + (f.parties ? 0 : 1);

export interface BookingsViewParams {
  view: BookingView;
  /** A date inside the week or month to show; '' = the server's today. */
  date: string;
  filters: ReservationFilters;
  /** Overrides the view's own range (the rolling '7 days' week). */
  range?: { from: string; to: string };
}

export function bookingsViewPath({ view, date, filters, range }: BookingsViewParams): string {
  const q = new URLSearchParams({ view });
  if (date) q.set('date', date);
  const from = range ? (filters.from > range.from ? filters.from : range.from) : filters.from;
  const to = range ? (filters.to && filters.to < range.to ? filters.to : range.to) : filters.to;
  if (from) q.set('from', from);
  if (to) q.set('to', to);
  if (filters.minSize) q.set('minSize', filters.minSize);
  if (filters.maxSize) q.set('maxSize', filters.maxSize);
  if (!filters.reservations) q.set('reservations', 'false');
  if (!filters.parties) q.set('parties', 'false');
  return `/api/admin/bookings?${q.toString()}`;
}

export const getBookingsView = (params: BookingsViewParams) => getJson<BookingsView>(bookingsViewPath(params));

export const bookingsViewQueryOptions = (params: BookingsViewParams) =>
  queryOptions({
    queryKey: [...bookingKeys.views, params.view, params.date, params.range ?? null, params.filters],
    queryFn: () => getBookingsView(params),
    // Moving between weeks keeps the previous grid on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const useBookingsView = (params: BookingsViewParams) => useQuery(bookingsViewQueryOptions(params));

/** The List View asks for this many bookings at a time (about a day of a busy café). */
export const LIST_PAGE_SIZE = 50;
/**
 * Pages the List View keeps at once: further down, the first ones are let go, so the page never holds
 * more than LIST_PAGE_SIZE × LIST_MAX_PAGES rows however far staff scroll.
 */
export const LIST_MAX_PAGES = 6;

/** The List View's pages: from a week ago onward, each after the cursor the previous one ended with. */
export const bookingsListPagesOptions = (filters: ReservationFilters) =>
  infiniteQueryOptions({
    queryKey: [...bookingKeys.views, 'list', 'pages', filters],
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ limit: String(LIST_PAGE_SIZE) });
      if (pageParam) q.set('cursor', pageParam);
      return getJson<BookingsView>(`${bookingsViewPath({ view: 'list', date: '', filters })}&${q.toString()}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    maxPages: LIST_MAX_PAGES,
    placeholderData: keepPreviousData,
  });

export const useBookingsListPages = (filters: ReservationFilters) => useInfiniteQuery(bookingsListPagesOptions(filters));
