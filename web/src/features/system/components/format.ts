import { BUSINESS_TIME_ZONE } from '../../../lib/cafe-time';

const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

/** 'Nov 18, 2026, 10:04:31 AM CST' in the café's zone, as staff read every other time. */
export const cafeDateTime = (iso: string) => dateTime.format(new Date(iso));

/** '340 ms', '4.2 s', '2 min 5 s'. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** 'reservations' → 'reservations', 'booking_history' → 'booking history': names read as words. */
export const readable = (name: string) => name.replace(/_/g, ' ');

export const count = (n: number) => n.toLocaleString('en-US');
