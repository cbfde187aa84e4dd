import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';
import { bookingKeys, bookingListKey } from '../../../lib/booking-query-keys';
import { adminBookingPath, bookingPath, type BookingKind, type BookingTypes } from '../../../lib/booking-paths';

/**
 * Every live booking of a kind: all reservations, past ones too (tells 'No reservations yet' from 'No
 * recent reservations'); the party bookings dated today (café zone) or later, every status, by date then time.
 */
export const getBookings = <K extends BookingKind>(kind: K) => getJson<BookingTypes[K]['stored'][]>(bookingPath(kind));

export const bookingsQueryOptions = <K extends BookingKind>(kind: K) =>
  queryOptions({ queryKey: bookingListKey(kind), queryFn: () => getBookings(kind) });

export const useBookings = <K extends BookingKind>(kind: K, enabled = true) => useQuery({ ...bookingsQueryOptions(kind), enabled });

/** One booking as stored now (after a conflict, to show the admin what changed). */
export const getBooking = <K extends BookingKind>(kind: K, id: string) => getJson<BookingTypes[K]['stored']>(adminBookingPath(kind, id));

/**
 * Whether any live reservation exists, past ones too (tells 'No reservations yet' from 'No recent
 * reservations'): one row of GET /api/reservations, not the whole list.
 */
export const useAnyReservation = (enabled = true) =>
  useQuery({
    queryKey: [...bookingKeys.reservations, 'any'],
    queryFn: async () => (await getJson<Page<unknown>>('/api/reservations?limit=1')).items.length > 0,
    enabled,
  });
