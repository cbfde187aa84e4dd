import type { QueryClient } from '@tanstack/react-query';

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
  history: (kind: 'reservation' | 'party', id: string) => ['admin', 'history', kind, id] as const,
  record: (kind: 'reservation' | 'party', id: string) => ['admin', 'record', kind, id] as const,
};

export async function refetchBookingLists(queryClient: QueryClient, kind: 'reservation' | 'party', id?: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingKeys.views }),
    queryClient.invalidateQueries({ queryKey: bookingKeys.availability }),
    queryClient.invalidateQueries({ queryKey: kind === 'party' ? bookingKeys.parties : bookingKeys.reservations }),
    id ? queryClient.invalidateQueries({ queryKey: bookingKeys.history(kind, id) }) : Promise.resolve(),
  ]);
}
