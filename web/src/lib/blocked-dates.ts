// The café's closed days (GET /api/blocked-dates), read by the booking forms and lists, the guest's page and
// the events admin; the blocked-dates feature edits them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedDate } from '@cafe/contracts';
import { getJson } from './api-client';

export const getBlockedDates = () => getJson<BlockedDate[]>('/api/blocked-dates');

export const blockedDatesQueryOptions = () => queryOptions({ queryKey: ['/api/blocked-dates'], queryFn: getBlockedDates });

export const useBlockedDates = () => useQuery(blockedDatesQueryOptions());

/** The closure reason of a date, or null when the café is open that day. */
export function closedReasonOf(blocked: BlockedDate[] | undefined, date: string): string | null {
  return blocked?.find((b) => b.date === date)?.reason ?? null;
}

/** How staff and guests are told a date they look at is closed: one wording wherever it shows. */
export const closedDayText = (reason: string) => `Closed that day: ${reason}`;

/** Closed days: date → reason. */
export type ClosedDays = ReadonlyMap<string, string>;
const NONE: ClosedDays = new Map();
const closedDaysOf = (blocked: BlockedDate[]): ClosedDays => new Map(blocked.map((b) => [b.date, b.reason]));

/** The café's closed days, for flagging the bookings kept on them (none while they load). */
export function useClosedDays(): ClosedDays {
  return useQuery({ ...blockedDatesQueryOptions(), select: closedDaysOf }).data ?? NONE;
}
