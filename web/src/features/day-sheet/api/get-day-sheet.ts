import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingsView } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/**
 * A day's bookings as the dashboard's calendar answers them (reservations and approved parties, by time):
 * the week view narrowed to the one date, which is never paged.
 */
export const daySheetPath = (date: string) => `/api/admin/bookings/week?${new URLSearchParams({ date, from: date, to: date }).toString()}`;

export const daySheetQueryOptions = (date: string) =>
  queryOptions({ queryKey: ['admin', 'bookings', 'day-sheet', date], queryFn: () => getJson<BookingsView>(daySheetPath(date)) });

export const useDaySheet = (date: string | null) => useQuery({ ...daySheetQueryOptions(date ?? ''), enabled: !!date });
