import { withIdTiebreak, type Filter, type Sort } from '../src/platform/document-store/document-store.js';
import type { ReadModelIndex } from '../src/platform/projections/projection.js';

/** A query a route ran: which collection, with what filter and sort. */
export interface RecordedQuery {
  collection: string;
  filter: Filter;
  sort?: Sort;
}

const isOperatorObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).some((k) => k.startsWith('$'));

/**
 * Whether a MongoDB index answers a query without sorting in memory, by the rule the planner follows
 * (equality fields, then the sort keys in order, ranges on indexed keys): the equality fields lead,
 * the sort (with the `_id` tie-break every adapter adds) follows in order, all in one direction or
 * all reversed, and a query that bounds fields by ranges has at least one of them among the index's
 * keys, so the scan reads only that range. Other ranges and `$or`/`$and` branches are left to the
 * filter stage. Returns why not, or null when it serves.
 */
export function whyIndexDoesNotServe(index: ReadModelIndex, query: RecordedQuery): string | null {
  const fields = Object.entries(query.filter).filter(([field]) => !field.startsWith('$'));
  const equalities = fields.filter(([, v]) => !isOperatorObject(v) || Object.keys(v as object).every((k) => k === '$eq')).map(([f]) => f);
  const ranges = fields.filter(([f]) => !equalities.includes(f)).map(([f]) => f);
  const keys = Object.entries(index.key);
  const lead = keys.slice(0, equalities.length).map(([f]) => f);
  if ([...lead].sort().join() !== [...equalities].sort().join())
    return `${index.name} does not lead with the equality fields ${equalities.join(', ')}`;
  const sort = Object.entries(withIdTiebreak(query.sort));
  const rest = keys.slice(equalities.length, equalities.length + sort.length);
  const sameWay = sort.every(([f, d], i) => rest[i]?.[0] === f && rest[i]?.[1] === d);
  const reversed = sort.every(([f, d], i) => rest[i]?.[0] === f && rest[i]?.[1] === -d);
  if (!sameWay && !reversed) return `${index.name} cannot give the sort ${sort.map(([f, d]) => `${f}:${d}`).join(', ')}`;
  if (ranges.length && !ranges.some((f) => f in index.key)) return `${index.name} bounds none of ${ranges.join(', ')}`;
  return null;
}
