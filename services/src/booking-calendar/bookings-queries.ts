import { DateTime } from 'luxon';
import {
  addDays,
  bookingTone,
  formatTime12,
  weekStart,
  type BookingFilters,
  type BookingView,
  type BookingsView,
  type CalendarEntry,
  type PageQuery,
} from '@cafe/contracts';
import type { DocumentCollection, Filter } from '../platform/document-store/document-store.js';
import type { CalendarDoc } from './bookings-calendar-projection.js';
import { BOOKING_ORDER, bookingOut, findPage, partyOut } from '../booking-rules/index.js';
import type { TablesOut } from '../cafe-day/index.js';

/** Days the list view reaches back: reservations from the last week onward. */
export const LIST_VIEW_DAYS_BACK = 7;

export interface DateRange {
  from: string;
  /** Inclusive; null = open-ended. */
  to: string | null;
}

/**
 * The dates a view covers, from "today" in the café's zone. Calendar dates are zone-less yyyy-MM-dd
 * strings and all arithmetic is on them (read as UTC dates), so a DST change can never add or lose a
 * day and the machine's own time zone never matters.
 */
export function viewRange(view: BookingView, today: string, date?: string): DateRange {
  const anchor = date ?? today;
  switch (view) {
    case 'today':
      return { from: today, to: today };
    case 'list':
      return { from: addDays(today, -LIST_VIEW_DAYS_BACK), to: null };
    case 'week': {
      const sunday = weekStart(anchor);
      return { from: sunday, to: addDays(sunday, 6) };
    }
    case 'month': {
      const day = DateTime.fromISO(anchor, { zone: 'utc' });
      return { from: day.startOf('month').toISODate()!, to: day.endOf('month').toISODate()! };
    }
  }
}

/** The view's range narrowed by the Filter dialog's date from / to; null when nothing is left. */
export function narrow(range: DateRange, filters: Pick<BookingFilters, 'from' | 'to'>): DateRange | null {
  const from = filters.from && filters.from > range.from ? filters.from : range.from;
  const to = range.to === null ? (filters.to ?? null) : filters.to && filters.to < range.to ? filters.to : range.to;
  return to !== null && from > to ? null : { from, to };
}

/**
 * MongoDB filter for a range and the dialog's filters. Only approved party bookings dated
 * today or later appear in the calendars and lists of the reservation manager.
 */
export function bookingsFilter(range: DateRange, filters: BookingFilters, today: string): Filter | null {
  const kinds: Filter[] = [];
  if (filters.reservations) kinds.push({ kind: 'reservation' });
  if (filters.parties) kinds.push({ kind: 'party', status: 'approved', date: { $gte: today } });
  if (kinds.length === 0) return null;
  const date: Record<string, string> = { $gte: range.from };
  if (range.to !== null) date.$lte = range.to;
  const size: Record<string, number> = {};
  if (filters.minSize !== undefined) size.$gte = filters.minSize;
  if (filters.maxSize !== undefined) size.$lte = filters.maxSize;
  return {
    date,
    ...(Object.keys(size).length ? { partySize: size } : {}),
    $or: kinds,
  };
}

export const BOOKINGS_SORT = BOOKING_ORDER;

export function toEntry(doc: CalendarDoc): CalendarEntry {
  return {
    kind: doc.kind,
    ...bookingOut(doc),
    time12: formatTime12(doc.time),
    tone: bookingTone(doc.kind, doc.time),
    ...(doc.kind === 'party' ? partyOut(doc) : {}),
  };
}

/** Every date of an inclusive range, in order. */
export function datesOf(range: { from: string; to: string }): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}

export async function queryBookings(
  collection: DocumentCollection<CalendarDoc>,
  request: {
    view: BookingView;
    date?: string;
    filters: BookingFilters;
    today: string;
    zone: string;
    page?: PageQuery;
    /** With a floor, the bookings' tables and stay ends by booking id (cafe-day's tablesOfBookings over the seating read model). */
    tables?: (docs: readonly CalendarDoc[]) => Promise<Map<string, TablesOut>>;
  },
): Promise<BookingsView> {
  const { view, filters, today, page } = request;
  const range = viewRange(view, today, request.date);
  const narrowed = narrow(range, filters);
  const filter = narrowed && bookingsFilter(narrowed, filters, today);
  let docs: CalendarDoc[] = [];
  let nextCursor: string | null = null;
  if (filter && page) ({ docs, nextCursor } = await findPage(collection, filter, page));
  else if (filter) docs = await collection.find(filter, { sort: BOOKINGS_SORT });
  const tables = request.tables && docs.length ? await request.tables(docs) : null;
  const entries = docs.map((doc) => {
    const entry = toEntry(doc);
    const at = tables?.get(doc.id);
    return at ? { ...entry, ...at } : entry;
  });
  const result: BookingsView = {
    view,
    today,
    zone: request.zone,
    range,
    filters: {
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
      ...(filters.minSize !== undefined ? { minSize: filters.minSize } : {}),
      ...(filters.maxSize !== undefined ? { maxSize: filters.maxSize } : {}),
      reservations: filters.reservations,
      parties: filters.parties,
    },
    count: entries.length,
    entries,
    ...(page ? { nextCursor } : {}),
  };
  if (view === 'week' || view === 'month') {
    const byDate = new Map<string, CalendarEntry[]>();
    for (const entry of entries) byDate.set(entry.date, [...(byDate.get(entry.date) ?? []), entry]);
    result.days = datesOf({ from: range.from, to: range.to! }).map((date) => ({ date, entries: byDate.get(date) ?? [] }));
  }
  return result;
}
