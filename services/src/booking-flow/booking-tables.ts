import type { DocumentStore } from '../platform/document-store/document-store.js';
import { tablesOfBookings } from '../cafe-day/index.js';

/**
 * Each answer with its booking's tables and stay end, where it has them (cafe-day's tablesOfBookings, from the
 * seating read model); answers without a floor are unchanged.
 */
export async function withTables<Doc extends { _id: string; date: string }, Out>(
  documents: DocumentStore,
  docs: readonly Doc[],
  toOut: (doc: Doc) => Out,
): Promise<Out[]> {
  const tables = await tablesOfBookings(documents, docs);
  return docs.map((doc) => {
    const out = toOut(doc);
    const extra = tables.get(doc._id);
    return extra ? { ...out, ...extra } : out;
  });
}
