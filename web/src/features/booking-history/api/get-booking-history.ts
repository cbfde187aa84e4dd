import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingHistory } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';

export type BookingKind = 'reservation' | 'party';

const historyPath = (kind: BookingKind, id: string) =>
  `/api/admin/${kind === 'party' ? 'party-bookings' : 'reservations'}/${encodeURIComponent(id)}/history`;

export const getBookingHistory = (kind: BookingKind, id: string) => getJson<BookingHistory>(historyPath(kind, id));

export const bookingHistoryQueryOptions = (kind: BookingKind, id: string) =>
  queryOptions({ queryKey: bookingKeys.history(kind, id), queryFn: () => getBookingHistory(kind, id) });

export const useBookingHistory = (kind: BookingKind, id: string) => useQuery(bookingHistoryQueryOptions(kind, id));
