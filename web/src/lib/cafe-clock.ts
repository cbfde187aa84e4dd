import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { CafeClock as CafeClockAnswer } from '@cafe/contracts';
import { getJson } from './api-client';

export interface CafeClock {
  /** Today in the café's zone, yyyy-MM-dd, as the server sees it. */
  today: string;
  zone: string;
}

/**
 * "Today" comes from the server (BUSINESS_TIME_ZONE as it was started, its clock), never from the
 * build or the browser's clock and zone. Asked when a form or the dashboard first needs it, so the
 * landing page's first paint never waits for it; the answer is cacheable until the café's midnight.
 */
export const getCafeClock = async (): Promise<CafeClock> => {
  const clock = await getJson<CafeClockAnswer>('/api/cafe-clock');
  return { today: clock.today, zone: clock.timeZone };
};

export const cafeClockQueryOptions = () =>
  queryOptions({ queryKey: ['cafe-clock'], queryFn: getCafeClock, staleTime: 60_000, refetchOnWindowFocus: true });

export const useCafeClock = () => useQuery(cafeClockQueryOptions());

/** For a form under a Suspense boundary: renders once today is known (its loading fallback meanwhile). */
export const useCafeToday = (): string => useSuspenseQuery(cafeClockQueryOptions()).data.today;
