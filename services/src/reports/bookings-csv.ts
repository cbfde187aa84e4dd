import { BOOKINGS_CSV_HEADER, type ReportQuery } from '@cafe/contracts';
import type { CalendarDoc } from '../booking-calendar/index.js';
import { afterCursor, BOOKING_ORDER } from '../booking-rules/index.js';
import type { DocumentCollection, Filter } from '../platform/document-store/document-store.js';
import { csvLine } from './reports-csv.js';

/** Rows read per find: a range may hold two years of bookings, the process holds one page of them. */
export const BOOKINGS_CSV_PAGE = 500;

const row = (b: CalendarDoc) => [
  b.date,
  b.time,
  b.kind,
  b.kind === 'party' ? (b.status ?? 'pending') : 'confirmed',
  b.partySize,
  b.name,
  b.email,
  b.phone,
  b.eventType ?? null,
  b.specialRequests ?? null,
  b.adminNotes ?? null,
  b.createdAt,
];

/**
 * bookings.csv as chunks, header first: the range's bookings in BOOKING_ORDER, read a page at a time
 * with keyset paging (each find limited and resumed after the last row), one chunk per page.
 */
export async function* bookingsCsvChunks(
  collection: DocumentCollection<CalendarDoc>,
  range: ReportQuery,
  pageSize = BOOKINGS_CSV_PAGE,
): AsyncGenerator<string> {
  yield csvLine(BOOKINGS_CSV_HEADER);
  const filter: Filter = { date: { $gte: range.from, $lte: range.to } };
  let last: CalendarDoc | undefined;
  for (;;) {
    const cursor = last && { date: last.date, time: last.time, createdAt: last.createdAt, id: last._id };
    const page = await collection.find(cursor ? afterCursor(filter, cursor) : filter, { sort: BOOKING_ORDER, limit: pageSize });
    if (page.length > 0) yield page.map((b) => csvLine(row(b))).join('');
    if (page.length < pageSize) return;
    last = page[page.length - 1];
  }
}
