import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingHistory } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';
import { bookingKeys } from '../../../lib/booking-query-keys';
import { adminBookingPath, type BookingKind } from '../../../lib/booking-paths';

/** GET /api/admin/{reservations|party-bookings}/{id}/history: the audit trail the dialogs' History tab shows. */
export const getBookingHistory = (kind: BookingKind, id: string) => getJson<BookingHistory>(`${adminBookingPath(kind, id)}/history`);

export const bookingHistoryQueryOptions = (kind: BookingKind, id: string) =>
  queryOptions({ queryKey: bookingKeys.history(kind, id), queryFn: () => getBookingHistory(kind, id) });

export const useBookingHistory = (kind: BookingKind, id: string) => useQuery(bookingHistoryQueryOptions(kind, id));
