import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { BOOKING_SEARCH_PATH, SEARCH_QUERY_MIN, type BookingSearchAnswer } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/** GET /api/admin/booking-search?q=: bookings and guests matching part of a name, e-mail or phone. */
export const searchBookings = (q: string) => getJson<BookingSearchAnswer>(`${BOOKING_SEARCH_PATH}?q=${encodeURIComponent(q)}`);

export const bookingSearchQueryOptions = (q: string) =>
  queryOptions({
    // Under the bookings' keys: a booking changed (here or live) refetches an open search too.
    queryKey: ['admin', 'bookings', 'search', q],
    queryFn: () => searchBookings(q),
    enabled: q.trim().length >= SEARCH_QUERY_MIN,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export const useBookingSearch = (q: string) => useQuery(bookingSearchQueryOptions(q));
