import type { QueryClient } from '@tanstack/react-query';

/** The two kinds of booking: a table reservation and a party booking. */
export type BookingKind = 'reservation' | 'party';

/**
 * Query keys of the staff's booking lists, shared so a change made in one dashboard section refetches
 * every list it shows up in (no optimistic updates: the server's answer is the truth).
 */
export const bookingKeys = {
  views: ['admin', 'bookings'] as const,
  reservations: ['/api/reservations'] as const,
  parties: ['/api/party-bookings'] as const,
  blockedDates: ['/api/blocked-dates'] as const,
  /** Seats left per slot of a date (the public forms); any booking change moves them. */
  availability: ['/api/availability'] as const,
  history: (kind: BookingKind, id: string) => ['admin', 'history', kind, id] as const,
  record: (kind: BookingKind, id: string) => ['admin', 'record', kind, id] as const,
};

/** The list of every booking of a kind (GET /api/reservations, GET /api/party-bookings). */
export const bookingListKey = (kind: BookingKind) => (kind === 'party' ? bookingKeys.parties : bookingKeys.reservations);

export async function refetchBookingLists(queryClient: QueryClient, kind: BookingKind, id?: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingKeys.views }),
    queryClient.invalidateQueries({ queryKey: bookingKeys.availability }),
    queryClient.invalidateQueries({ queryKey: bookingListKey(kind) }),
    id ? queryClient.invalidateQueries({ queryKey: bookingKeys.history(kind, id) }) : Promise.resolve(),
  ]);
}
