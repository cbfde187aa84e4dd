import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingsView } from '@cafe/contracts';
import { getJson } from './api-client';

export interface CafeClock {
  /** Today in the café's zone, yyyy-MM-dd, as the server sees it. */
  today: string;
  zone: string;
}

/**
 * The dashboard's "today" comes from the server (café zone, server clock), never the browser's clock:
 * the smallest bookings answer (no entries) carries it.
 */
export const getCafeClock = async (): Promise<CafeClock> => {
  const view = await getJson<BookingsView>('/api/admin/bookings?view=today&reservations=false&parties=false');
  return { today: view.today, zone: view.zone };
};

export const cafeClockQueryOptions = () => queryOptions({ queryKey: ['admin', 'cafe-clock'], queryFn: getCafeClock });

export const useCafeClock = () => useQuery(cafeClockQueryOptions());
