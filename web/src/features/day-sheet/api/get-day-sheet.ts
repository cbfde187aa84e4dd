import { queryOptions, useQuery } from '@tanstack/react-query';
import { DAY_SHEET_PATH, type DaySheet } from '@cafe/contracts';
import { getJson } from '../../../lib/api-client';

/** GET /api/admin/day-sheet?date=: the day's bookings with what became of them, their games, and the day's events. */
export const daySheetPath = (date: string) => `${DAY_SHEET_PATH}?${new URLSearchParams({ date }).toString()}`;

export const daySheetQueryOptions = (date: string) =>
  // Under the bookings' keys: a booking changed (here or live) refetches the sheet too.
  queryOptions({ queryKey: ['admin', 'bookings', 'day-sheet', date], queryFn: () => getJson<DaySheet>(daySheetPath(date)) });

export const useDaySheet = (date: string | null) => useQuery({ ...daySheetQueryOptions(date ?? ''), enabled: !!date });
