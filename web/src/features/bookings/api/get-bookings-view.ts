import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
