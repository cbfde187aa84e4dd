import { DEFAULT_TIME_ZONE, todayIn } from '@cafe/contracts';

/** The café's zone, baked in at build time (vite.config.ts); today in the browser is today in the café. */
export const BUSINESS_TIME_ZONE: string = import.meta.env.VITE_BUSINESS_TIME_ZONE || DEFAULT_TIME_ZONE;

export const cafeToday = (): string => todayIn(BUSINESS_TIME_ZONE);

/** A calendar date 'yyyy-MM-dd' as a local Date at midnight, for date pickers that think in local time. */
export function localDate(iso: string): Date {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
}

export function isoOfLocalDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
