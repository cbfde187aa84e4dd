import { addDays, weekStart, type CalendarEntry } from '@cafe/contracts';
import { DateTime } from 'luxon';

/** Calendar arithmetic on zone-less yyyy-MM-dd dates (read as UTC so no daylight-saving day is lost). */
const dt = (iso: string) => DateTime.fromISO(iso, { zone: 'utc' }).setLocale('en-US');

export const monthStart = (iso: string) => dt(iso).startOf('month').toISODate()!;
export const shiftMonths = (iso: string, months: number) => dt(monthStart(iso)).plus({ months }).toISODate()!;

export const daysFrom = (from: string, count: number) => Array.from({ length: count }, (_, i) => addDays(from, i));

export function monthDays(anchor: string): string[] {
  const first = monthStart(anchor);
  return daysFrom(first, dt(first).daysInMonth!);
}

/** Sunday-first weeks (blank leading days are null) covering the month of `anchor`. */
export function monthWeeks(anchor: string): (string | null)[][] {
  const days = monthDays(anchor);
  const lead = dt(days[0]!).weekday % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

export { weekStart };

export const format = (iso: string, pattern: string) => dt(iso).toFormat(pattern);

/** 'November 22 – 28, 2026' or 'November 29 – December 5, 2026'. */
export function rangeTitle(from: string, to: string): string {
  const a = dt(from);
  const b = dt(to);
  if (a.year !== b.year) return `${a.toFormat('LLLL d, yyyy')} – ${b.toFormat('LLLL d, yyyy')}`;
  if (a.month !== b.month) return `${a.toFormat('LLLL d')} – ${b.toFormat('LLLL d, yyyy')}`;
  return `${a.toFormat('LLLL d')} – ${b.toFormat('d, yyyy')}`;
}

export function groupByDate(entries: CalendarEntry[]): Map<string, CalendarEntry[]> {
  const byDate = new Map<string, CalendarEntry[]>();
  for (const e of entries) byDate.set(e.date, [...(byDate.get(e.date) ?? []), e]);
  return byDate;
}

export const hourOf = (time: string) => Number(time.slice(0, 2));
