import { formatTime12, hoursOn, minutesOf, type FloorView, type OpeningHours, type StayOut } from '@cafe/contracts';

export type ViewTable = FloorView['tables'][number];

/** 750 → "12:30" (past midnight wraps). */
export const timeOf = (minutes: number) => {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** How long a stay is, in minutes (one that ends after midnight included). */
export const stayLength = (stay: Pick<StayOut, 'time' | 'until'>) => {
  const d = minutesOf(stay.until) - minutesOf(stay.time);
  return d > 0 ? d : d + 1440;
};

/** "Table 7", "Tables 6 + 7". */
export const tablesText = (tables: string[]) => `${tables.length > 1 ? 'Tables' : 'Table'} ${tables.join(' + ')}`;

export const guestsText = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;

/**
 * What a table says at the view's time: free, "next 7:30 PM", "seated until 9:00 PM", "booked until 9:00 PM"
 * (its party's time came, they have not arrived), or over its time (red).
 */
export function statusText(table: ViewTable): string {
  const current = table.current;
  if (table.status === 'over' && current) return `over since ${formatTime12(current.until)}`;
  if (current) return `${current.status === 'seated' ? 'seated' : 'booked'} until ${formatTime12(current.until)}`;
  return table.next ? `next ${formatTime12(table.next.time)}` : 'free';
}

/**
 * The hours the timeline spans: the day's opening hours (a café opening at 3 PM starts there, not at a fixed
 * 11 AM) and every stay inside them; without hours that day (closed, yet stays listed), the stays alone,
 * else 11 AM to 10 PM. The view's time is marked only when it falls inside.
 */
export function hoursOf(view: Pick<FloorView, 'date' | 'stays'>, hours: OpeningHours): { from: number; to: number } {
  const day = hoursOn(view.date, hours)?.day;
  const open = day && !day.closed ? minutesOf(day.open) : null;
  const close = day && !day.closed ? minutesOf(day.close) : null;
  let from = open ?? Number.POSITIVE_INFINITY;
  // A day closing after midnight ('01:00' after '15:00') ends on the next day's clock.
  let to = open !== null && close !== null ? (close <= open ? close + 24 * 60 : close) : Number.NEGATIVE_INFINITY;
  for (const s of view.stays) {
    const start = minutesOf(s.time);
    from = Math.min(from, start);
    to = Math.max(to, start + stayLength(s));
  }
  if (!Number.isFinite(from)) [from, to] = [11 * 60, 22 * 60];
  return { from: Math.floor(from / 60) * 60, to: Math.min(24 * 60 + 6 * 60, Math.max(Math.ceil(to / 60) * 60, from + 60)) };
}
