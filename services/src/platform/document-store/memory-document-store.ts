import { Query } from 'mingo';
import type { Doc, DocumentCollection, DocumentStore, Filter, FindOptions } from './document-store.js';

/**
 * In-memory DocumentStore. Queries are evaluated by mingo, so filters and sorts mean what they mean
 * in MongoDB. Documents are cloned on the way in and out: a caller can never mutate the store.
 */
export class MemoryDocumentStore implements DocumentStore {
  readonly kind = 'memory';
  private readonly collections = new Map<string, Map<string, Doc>>();

  collection<T extends Doc = Doc>(name: string): DocumentCollection<T> {
    const data = () => {
      let map = this.collections.get(name);
      if (!map) {
        map = new Map();
        this.collections.set(name, map);
      }
      return map as Map<string, T>;
    };
    const query = (filter: Filter = {}, options: FindOptions = {}): T[] => {
      let cursor = new Query(filter).find<T>([...data().values()]);
      // MongoDB sorts by _id when nothing else is asked, as the natural order is not guaranteed anyway.
      cursor = cursor.sort(options.sort ?? { _id: 1 });
      if (options.skip) cursor = cursor.skip(options.skip);
      if (options.limit) cursor = cursor.limit(options.limit);
      return cursor.all().map((d) => structuredClone(d));
    };
    return {
      name,
      get: async (id) => {
        const doc = data().get(id);
        return doc ? structuredClone(doc) : null;
      },
      find: async (filter, options) => query(filter, options),
      findOne: async (filter, options) => query(filter, { ...options, limit: 1 })[0] ?? null,
      count: async (filter = {}) => [...data().values()].filter((d) => new Query(filter).test(d)).length,
      putMany: async (docs) => {
        const map = data();
        for (const doc of docs) map.set(doc._id, structuredClone(doc));
      },
      deleteMany: async (ids) => {
        const map = data();
        for (const id of ids) map.delete(id);
      },
      clear: async () => {
        data().clear();
      },
    };
  }

  async renameCollection(source: string, target: string): Promise<void> {
    this.collections.set(target, this.collections.get(source) ?? new Map());
    this.collections.delete(source);
  }

  async dropCollection(name: string): Promise<void> {
    this.collections.delete(name);
  }

  async listCollections(): Promise<string[]> {
    return [...this.collections.keys()];
  }

  async close(): Promise<void> {}
}
