import { encodeCursor, PAGE_LIMIT_DEFAULT, type PageCursor, type PageQuery } from '@cafe/contracts';
import type { DocumentCollection, Filter } from '../platform/document-store/document-store.js';
import type { ReadModelIndex } from '../platform/projections/projection.js';

/** The order every booking list is shown in: by date, then time, then when it was made. */
export const BOOKING_ORDER = { date: 1, time: 1, createdAt: 1 } as const;

/**
 * What the booking lists need of MongoDB: a date range (or none) read in BOOKING_ORDER, with the
 * `_id` every adapter adds to break ties, so the server walks the index in order and sorts nothing
 * in memory. Declared by each booking read model (reservations, party_bookings, bookings_calendar).
 */
export const BY_DATE_INDEX: ReadModelIndex = { name: 'date_time_created', key: { ...BOOKING_ORDER, _id: 1 } };

/** The sort keys of a booking list's row: what a page cursor records. */
export interface OrderedDoc {
  [key: string]: unknown;
  _id: string;
  date: string;
  time: string;
  createdAt: string;
}

/**
 * The filter narrowed to the rows after a cursor in BOOKING_ORDER (keyset paging): the date bound is
 * raised to the cursor's day, so the date index starts the read there, and the ties on that day are
 * cut by the later keys. Rows added before the cursor are not seen again, rows after it are.
 */
export function afterCursor(filter: Filter, cursor: PageCursor): Filter {
  const date = filter.date;
  const range = typeof date === 'object' && date !== null ? (date as Record<string, string>) : null;
  const bounded =
    date === undefined || range ? { date: { ...range, $gte: range?.$gte && range.$gte > cursor.date ? range.$gte : cursor.date } } : {};
  const same = { date: cursor.date };
  return {
    ...filter,
    ...bounded,
    $and: [
      ...((filter.$and as Filter[] | undefined) ?? []),
      {
        $or: [
          { date: { $gt: cursor.date } },
          { ...same, time: { $gt: cursor.time } },
          { ...same, time: cursor.time, createdAt: { $gt: cursor.createdAt } },
          { ...same, time: cursor.time, createdAt: cursor.createdAt, _id: { $gt: cursor.id } },
        ],
      },
    ],
  };
}

/**
 * One page of a booking list in BOOKING_ORDER: up to `limit` rows after the cursor (from the start
 * without one), and the next page's cursor when more rows follow.
 */
export async function findPage<T extends OrderedDoc>(
  collection: DocumentCollection<T>,
  filter: Filter,
  page: PageQuery,
): Promise<{ docs: T[]; nextCursor: string | null }> {
  const limit = page.limit ?? PAGE_LIMIT_DEFAULT;
  const found = await collection.find(page.cursor ? afterCursor(filter, page.cursor) : filter, { sort: BOOKING_ORDER, limit: limit + 1 });
  const docs = found.slice(0, limit);
  const last = docs[docs.length - 1];
  const more = found.length > limit && last;
  return {
    docs,
    nextCursor: more ? encodeCursor({ date: last.date, time: last.time, createdAt: last.createdAt, id: last._id }) : null,
  };
}
