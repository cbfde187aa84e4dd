import {
  minutesOf,
  eventTypeLabel,
  notComing,
  type DaySheet,
  type DaySheetEvent,
  type DaySheetRow,
  type GameSummary,
  type SeatHold,
} from '@cafe/contracts';
import type { SheetBooking, SheetCancelled, SheetVisit } from '../platform/runtime/day-sheet-part.js';
import { holdIn } from '../cafe-day/index.js';

export interface DaySheetSources {
  date: string;
  bookings: SheetBooking[];
  visits: SheetVisit[];
  cancelled: SheetCancelled[];
  games: GameSummary[];
  /** The day's events with their door lists, as cafe-events answers them. */
  events: DaySheetEvent[];
  /** The day's holds on its seating stream: with a floor, each booking's tables and stay. */
  holds?: readonly SeatHold[];
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** With a floor (its hold carries tables): the tables, the end of its stay and staff's moves; nothing else without. */
function floorFields(
  hold: SeatHold | undefined,
  tableMoves: string[] | undefined,
): Pick<DaySheetRow, 'tables' | 'stayUntil' | 'tableMoves'> {
  const moves = tableMoves?.length ? { tableMoves } : {};
  if (!hold?.tables) return moves;
  const start = minutesOf(hold.time);
  return { tables: hold.tables, stayUntil: clock(start + hold.holdingMinutes), ...moves };
}

const key = (b: { kind: string; id: string }) => `${b.kind}:${b.id}`;
/** Code-point order: ISO instants and the cancelled rows' '~' sort the same everywhere (no locale). */
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A day's sheet from its sections as the slices answer them: pure, so the route only reads. */
export function composeDaySheet(src: DaySheetSources): DaySheet {
  const visits = new Map(src.visits.map((v) => [key(v), v]));
  const titles = new Map(src.games.map((g) => [g.id, g.title]));
  // The calendar keeps every party request; the day's parties are the approved ones.
  const live = src.bookings.filter((b) => b.kind === 'reservation' || b.status === 'approved');
  const rows: (DaySheetRow & { order: string })[] = live.map((b) => {
    const visit = visits.get(key(b));
    return {
      kind: b.kind,
      id: b.id,
      time: b.time,
      partySize: b.partySize,
      name: b.name,
      phone: b.phone,
      type: b.kind === 'reservation' ? 'Table' : b.eventType ? eventTypeLabel(b.eventType) : 'Party',
      specialRequests: b.specialRequests ?? null,
      adminNotes: b.adminNotes ?? null,
      status: visit?.arrival ?? 'expected',
      walkIn: visit?.walkIn ?? false,
      games: (b.games ?? []).map((id) => titles.get(id) ?? 'Unknown game'),
      teachUs: b.teachUs ?? false,
      ...floorFields(holdIn(src.holds, b.id), visit?.tableMoves),
      order: b.createdAt ?? '',
    };
  });
  const listed = new Set(rows.map(key));
  for (const c of src.cancelled) {
    if (listed.has(key(c))) continue;
    rows.push({
      ...c,
      type: c.kind === 'reservation' ? 'Table' : 'Party',
      specialRequests: null,
      adminNotes: null,
      status: 'cancelled',
      walkIn: false,
      games: [],
      teachUs: false,
      // After the live bookings of its time.
      order: '~',
    });
  }
  rows.sort((a, b) => cmp(a.time, b.time) || cmp(a.order, b.order) || a.name.localeCompare(b.name) || cmp(a.id, b.id));
  const bookings = rows.map(({ order: _order, ...row }) => row);

  // An event at its own tables on the floor: the sheet says which.
  const events = src.events.map((e) => {
    const tables = holdIn(src.holds, e.eventId)?.tables;
    return tables?.length ? { ...e, tables } : e;
  });

  return {
    date: src.date,
    bookings,
    events,
    totals: {
      bookings: bookings.filter((b) => b.status !== 'cancelled').length,
      guests: bookings.filter((b) => !notComing(b.status)).reduce((n, b) => n + b.partySize, 0),
      noShows: bookings.filter((b) => b.status === 'no-show').length,
      cancelled: bookings.filter((b) => b.status === 'cancelled').length,
      eventGuests: events.reduce((n, e) => n + e.placesTaken, 0),
    },
  };
}
