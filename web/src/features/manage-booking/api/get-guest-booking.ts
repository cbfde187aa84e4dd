import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuestBooking } from '@cafe/contracts';
import { ApiError, getJson } from '../../../lib/api-client';

export const guestBookingPath = (token: string) => `/api/guest-bookings/${encodeURIComponent(token)}`;

export const guestBookingKey = (token: string) => ['guest-booking', token] as const;

/** The booking behind the e-mailed link; 403 (tampered), 404 and 410 (expired, cancelled) are final answers. */
export const getGuestBooking = (token: string) => getJson<GuestBooking>(guestBookingPath(token));

export const guestBookingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: guestBookingKey(token),
    queryFn: () => getGuestBooking(token),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    refetchOnWindowFocus: false,
  });

export const useGuestBooking = (token: string) => useQuery(guestBookingQueryOptions(token));
