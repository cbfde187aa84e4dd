import { z } from 'zod';
import { ARRIVAL_LABELS, ARRIVAL_STATUSES } from './arrivals.js';
import { formatTime12, isIsoDate } from './time.js';

/**
 * The printed day sheet (GET /api/admin/day-sheet?date=, staff only): the day's bookings with what
 * happened to them (arrival status, or cancelled), the games each table asked for, and the day's
 * events with their attendees. Guests who did not come (no-shows) or cancelled are listed but not
 * counted as guests; event attendees are counted apart from the tables.
 */
export const DAY_SHEET_PATH = '/api/admin/day-sheet';

export const DAY_SHEET_STATUSES = [...ARRIVAL_STATUSES, 'cancelled'] as const;
export type DaySheetStatus = (typeof DAY_SHEET_STATUSES)[number];
export const DAY_SHEET_STATUS_LABELS: Record<DaySheetStatus, string> = { ...ARRIVAL_LABELS, cancelled: 'Cancelled' };
/** A booking whose guests are not (or no longer) coming: on the sheet, not in its guests. */
export const notComing = (status: DaySheetStatus) => status === 'no-show' || status === 'cancelled';

export const daySheetQuerySchema = z.object({
  date: z.string({ error: 'date is required (yyyy-MM-dd)' }).refine(isIsoDate, { error: 'date must be a date (yyyy-MM-dd)' }),
});

export const daySheetRowSchema = z.object({
  kind: z.enum(['reservation', 'party']),
  id: z.string(),
  time: z.string(),
  partySize: z.number().int(),
  name: z.string(),
  phone: z.string(),
  /** 'Table', or the party's occasion ('Birthday'; 'Party' when none is given). */
  type: z.string(),
  specialRequests: z.string().nullable(),
  adminNotes: z.string().nullable(),
  status: z.enum(DAY_SHEET_STATUSES),
  walkIn: z.boolean(),
  /** The library titles asked for ('Unknown game' when one left the library), in the guest's order. */
  games: z.array(z.string()),
  teachUs: z.boolean(),
  /** With a floor: the tables it sits at (a combination's names; [] when no table could be given it). */
  tables: z.array(z.string()).optional(),
  /** With a floor: HH:mm its stay ends (its time plus its stay). */
  stayUntil: z.string().optional(),
  /** Staff's table moves, oldest first: 'Table: 4 → 7' (tableMoveText). */
  tableMoves: z.array(z.string()).optional(),
});
export type DaySheetRow = z.output<typeof daySheetRowSchema>;

export const daySheetAttendeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  places: z.number().int(),
  checkedIn: z.boolean(),
});

export const daySheetEventSchema = z.object({
  eventId: z.string(),
  title: z.string(),
  time: z.string().nullable(),
  location: z.string().nullable(),
  /** Its max attendees; null for an event that takes no sign-ups. */
  capacity: z.number().int().nullable(),
  /** Places of the confirmed sign-ups: the event's guests. */
  placesTaken: z.number().int(),
  waitlisted: z.number().int(),
  /** Confirmed sign-ups, by name (the list staff run down at the door). */
  attendees: z.array(daySheetAttendeeSchema),
  /** With a floor: the tables it takes for its time (its own, or its area's). */
  tables: z.array(z.string()).optional(),
});
export type DaySheetEvent = z.output<typeof daySheetEventSchema>;

export const daySheetTotalsSchema = z.object({
  /** Bookings of the day that are not cancelled (no-shows included: they were booked). */
  bookings: z.number().int(),
  /** People at the tables: every booking's party less the no-shows and the cancelled. */
  guests: z.number().int(),
  noShows: z.number().int(),
  cancelled: z.number().int(),
  /** Places signed up for the day's events, apart from the tables. */
  eventGuests: z.number().int(),
});
export type DaySheetTotals = z.output<typeof daySheetTotalsSchema>;

export const daySheetSchema = z.object({
  date: z.string(),
  /** By time, then as booked (a cancelled one after the rest of its time). */
  bookings: z.array(daySheetRowSchema),
  /** By time (events without one last). */
  events: z.array(daySheetEventSchema),
  totals: daySheetTotalsSchema,
});
export type DaySheet = z.output<typeof daySheetSchema>;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** '7 bookings, 16 guests, 1 no-show, 1 cancelled': the sheet's tables line. */
export function daySheetTotalsText(t: DaySheetTotals): string {
  return [
    count(t.bookings, 'booking'),
    count(t.guests, 'guest'),
    ...(t.noShows ? [count(t.noShows, 'no-show')] : []),
    ...(t.cancelled ? [`${t.cancelled} cancelled`] : []),
  ].join(', ');
}

/** 'Tables 6 + 7 until 9:30 PM', 'No table until 9:30 PM': a floored booking's line on the sheet; '' without a floor. */
export function daySheetTablesText(row: Pick<DaySheetRow, 'tables' | 'stayUntil'>): string {
  if (!row.tables) return '';
  const at = row.tables.length === 0 ? 'No table' : `${row.tables.length > 1 ? 'Tables' : 'Table'} ${row.tables.join(' + ')}`;
  return row.stayUntil ? `${at} until ${formatTime12(row.stayUntil)}` : at;
}

/** 'Game night 7:00 PM: 12 signed up' (an event without sign-ups: its title and time only). */
export function daySheetEventHeading(e: Pick<DaySheetEvent, 'title' | 'time' | 'capacity' | 'placesTaken'>): string {
  const when = e.time ? ` ${formatTime12(e.time)}` : '';
  return e.capacity === null ? `${e.title}${when}` : `${e.title}${when}: ${e.placesTaken} signed up`;
}
