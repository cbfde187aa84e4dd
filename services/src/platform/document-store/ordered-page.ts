import { Query } from './mingo-query.js';
import type { Doc, Filter, Sort } from './document-store.js';

/**
 * A page of a find from rows read in order of the sort's first key: the rows matching the filter are
 * taken until the page (skip + limit) is full and that key's value changes, then sorted by the whole
 * sort and cut. Rows tied with the page's last on the first key may sort before it by the later keys,
 * so all of them are read; no row after them can belong to the page. The reading stops there: a page
 * of a year of bookings parses a few days' rows, not the year's.
 */
export function pageOfOrderedRows<T extends Doc>(
  rows: Iterable<{ body: string }>,
  filter: Filter,
  sort: Sort,
  limit: number,
  skip = 0,
): T[] {
  const [field] = Object.keys(sort);
  const wanted = skip + limit;
  const matches = new Query(filter);
  const taken: T[] = [];
  for (const row of rows) {
    const doc = JSON.parse(row.body) as T;
    if (!matches.test(doc)) continue;
    if (taken.length >= wanted && doc[field!] !== taken[wanted - 1]![field!]) break;
    taken.push(doc);
  }
  let cursor = new Query({}).find<T>(taken).sort(sort);
  if (skip) cursor = cursor.skip(skip);
  return cursor.limit(limit).all();
}
