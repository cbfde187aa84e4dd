import { hoursOn, minutesOf, type OpeningHours, type Report } from '@cafe/contracts';
import { holdList } from '../cafe-day/index.js';
import type { ReportDayDoc } from './report-days-projection.js';
import type { ReportFloorDoc } from './report-floor-projection.js';

/** Minutes the café is open on a date by its hours (a close at or before the opening is after midnight). */
export function openMinutesOn(date: string, hours: OpeningHours): number {
  const on = hoursOn(date, hours);
  if (!on || on.day.closed) return 0;
  const open = minutesOf(on.day.open);
  const close = minutesOf(on.day.close);
  return close > open ? close - open : close + 1440 - open;
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : null);

/**
 * Use per table and per area over `dates` (the range's days up to today): each table's seated minutes (the
 * stays at it, a combination's at each of its tables, no-shows left out) over the minutes the café was
 * open. Tables are the floor's as last set; without a floor, none.
 */
export function tableUse(
  days: ReportDayDoc[],
  dates: string[],
  floor: ReportFloorDoc | null,
  hours: OpeningHours,
  noShows: ReadonlySet<string>,
): Report['tableUse'] {
  if (!floor || !floor.areas.some((a) => a.tables.length > 0)) return { tables: [], areas: [] };
  const counted = new Set(dates);
  const open = dates.reduce((sum, date) => sum + openMinutesOn(date, hours), 0);
  const seated = new Map<string, number>();
  for (const day of days) {
    if (!counted.has(day.date)) continue;
    for (const hold of holdList(day.holds)) {
      if (noShows.has(hold.bookingId) || !hold.tables) continue;
      for (const table of hold.tables) seated.set(table, (seated.get(table) ?? 0) + (hold.minutes ?? 0));
    }
  }
  const tables = floor.areas.flatMap((area) =>
    area.tables.map((table) => {
      const minutes = seated.get(table) ?? 0;
      return { table, area: area.name, seatedMinutes: minutes, openMinutes: open, rate: rate(minutes, open) };
    }),
  );
  const areas = floor.areas.map((area) => {
    const mine = tables.filter((t) => t.area === area.name);
    const minutes = mine.reduce((sum, t) => sum + t.seatedMinutes, 0);
    return {
      area: area.name,
      tables: mine.length,
      seatedMinutes: minutes,
      openMinutes: open * mine.length,
      rate: rate(minutes, open * mine.length),
    };
  });
  return { tables, areas };
}
