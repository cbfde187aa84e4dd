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
