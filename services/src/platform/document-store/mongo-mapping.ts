import type { AnyBulkWriteOperation, Sort as MongoSort } from 'mongodb';
import { withIdTiebreak, type Doc, type Sort } from './document-store.js';

/** How a read-model document looks to the driver: string ids, any fields. */
export type StoredDoc = { _id: string; [field: string]: unknown };

/**
 * Pure helpers of the MongoDB adapter, unit-tested without a server.
 */

export function toMongoSort(sort: Sort | undefined): MongoSort {
  // Key order is the sort order: an object keeps insertion order, and the driver forwards it as is.
  return withIdTiebreak(sort);
}

/**
 * One upserting replace per document; when a batch names an id twice the last one wins (as it does
 * in memory), so the batch can be sent unordered.
 */
export function replaceOps<T extends Doc>(docs: T[]): AnyBulkWriteOperation<StoredDoc>[] {
  const last = new Map<string, T>();
  for (const doc of docs) {
    if (typeof doc._id !== 'string' || doc._id === '') throw new TypeError('Every document needs a non-empty string _id');
    last.delete(doc._id);
    last.set(doc._id, doc);
  }
  return [...last.values()].map((doc) => ({
    replaceOne: { filter: { _id: doc._id }, replacement: doc, upsert: true },
  }));
}

/** MongoDB error 26: the collection does not exist (rename or drop of a missing source). */
export function isNamespaceNotFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, codeName } = error as { code?: unknown; codeName?: unknown };
  return code === 26 || codeName === 'NamespaceNotFound';
}

/** Read-model collections only: not the server's own `system.*` ones. */
export function userCollections(names: string[]): string[] {
  return names.filter((name) => !name.startsWith('system.')).sort();
}
