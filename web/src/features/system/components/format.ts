import { useCafeClock } from '../../../lib/cafe-clock';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(zone: string | undefined): Intl.DateTimeFormat {
  const key = zone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'short',
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * 'Nov 18, 2026, 10:04:31 AM CST' in the café's zone (which the server tells), as staff read every
 * other time; the browser's zone only until that answer is in.
 */
export function useCafeDateTime(): (iso: string) => string {
  const zone = useCafeClock().data?.zone;
  return (iso) => formatIn(zone).format(new Date(iso));
}

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
