// The café's zone and today come from the server (lib/cafe-clock.ts), never from the build or the browser.

/** A calendar date 'yyyy-MM-dd' as a local Date at midnight, for date pickers that think in local time. */
export function localDate(iso: string): Date {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
}

export function isoOfLocalDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The calendar date a date picker reports: Blueprint's DateInput3 gives the picked day as 'yyyy-MM-dd'
 * (or with a time after it) in the browser's own zone. Its first ten characters are the day the visitor
 * chose; `new Date()` of it would be UTC midnight, the evening before anywhere west of Greenwich.
 */
export function calendarDateOfPick(picked: string): string | null {
  const day = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(picked)?.[1];
  return day !== undefined && isoOfLocalDate(localDate(day)) === day ? day : null;
}

/** A calendar date as the picker's value: its own midnight, read by the picker in the browser's zone. */
export const pickerValueOf = (iso: string): string => `${iso}T00:00:00`;
