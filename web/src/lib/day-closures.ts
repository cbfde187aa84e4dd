// Whether the café is closed on a date and why, for every screen that shows dates: the staff calendars
// (Today, Week, Month and the phones' day lists) and every date picker. One answer from three sources: a
// blocked date, holiday hours marked closed, a weekday the opening hours close.
import { useMemo } from 'react';
import { blockedDateMessage, closedByHoursMessage, hoursOn, WEEKDAYS, weekdayName, weekdayOf, type OpeningHours } from '@cafe/contracts';
import { useClosedDays, type ClosedDays } from './blocked-dates';
import { useOpeningHours } from './business-info';

export type ClosureSource = 'blocked' | 'holiday' | 'weekly';

export interface DayClosure {
  source: ClosureSource;
  /** Why, in a few words for a flag or a tooltip ('Closed day: <reason>'): the blocked date's reason, the holiday's note (or 'holiday hours'), 'every Monday'. */
  reason: string;
  /** What a guest choosing the date is told: the server's own refusal, word for word. */
  message: string;
}

/**
 * The closure of a date, or null when the café opens that day. A blocked date comes first (its reason is
 * what staff wrote for guests), then the date's holiday hours, then its weekday's hours.
 */
export function closureOn(date: string, hours: OpeningHours, blocked: ClosedDays): DayClosure | null {
  const reason = blocked.get(date);
  if (reason !== undefined) return { source: 'blocked', reason, message: blockedDateMessage(reason) };
  const message = closedByHoursMessage(date, hours);
  if (!message) return null;
  const exception = hoursOn(date, hours)?.exception;
  if (exception) return { source: 'holiday', reason: exception.note?.trim() || 'holiday hours', message };
  return { source: 'weekly', reason: `every ${weekdayName(WEEKDAYS[weekdayOf(date) - 1]!)}`, message };
}

export type ClosureOf = (date: string) => DayClosure | null;

/** The café's closures as one question, from the opening hours and the blocked dates (none while they load). */
export function useDayClosures(): ClosureOf {
  const hours = useOpeningHours();
  const blocked = useClosedDays();
  return useMemo(() => (date: string) => closureOn(date, hours, blocked), [hours, blocked]);
}

/** The closed days among `days`: date → reason, as the calendars flag them. */
export function closedAmong(days: readonly string[], closureOf: ClosureOf): ClosedDays {
  const closed = new Map<string, string>();
  for (const d of days) {
    const closure = closureOf(d);
    if (closure) closed.set(d, closure.reason);
  }
  return closed;
}
