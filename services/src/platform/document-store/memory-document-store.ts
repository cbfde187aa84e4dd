import { Query } from './mingo-query.js';
import {
  withIdTiebreak,
  type CollectionWrites,
  type Doc,
  type DocumentCollection,
  type DocumentStore,
  type Filter,
  type FindOptions,
} from './document-store.js';
import { CollectionHandles } from './collection-handles.js';

/** What a collection never written holds; nothing ever adds to it (writes create the collection's own map). */
const NOTHING: ReadonlyMap<string, Doc> = new Map();

/**
 * In-memory DocumentStore. Queries are evaluated by mingo, so filters and sorts mean what they mean
 * in MongoDB. Documents are cloned on the way in and out: a caller can never mutate the store.
 */
export class MemoryDocumentStore implements DocumentStore {
  readonly kind = 'memory';
  private readonly collections = new Map<string, Map<string, Doc>>();
  private readonly handles = new CollectionHandles((name) => this.createHandle(name));

  collection<T extends Doc = Doc>(name: string): DocumentCollection<T> {
    return this.handles.get<T>(name);
  }

  /** Stored as given, without the defensive copy: for an adapter loading documents it just parsed. */
  adopt(name: string, docs: Doc[]): void {
    let map = this.collections.get(name);
    if (!map) this.collections.set(name, (map = new Map<string, Doc>()));
    for (const doc of docs) map.set(doc._id, doc);
  }

  private createHandle<T extends Doc>(name: string): DocumentCollection<T> {
    // Reads never create a collection, so listCollections agrees with MongoDB (created by a write). A
    // collection not written yet reads as one shared empty map, not a new one per read: the engine
    // peeks once per event and projection while it replays the first batch.
    const data = (create = false) => {
      let map = this.collections.get(name);
      if (!map && !create) return NOTHING as Map<string, T>;
      if (!map) {
        map = new Map();
        this.collections.set(name, map);
      }
      return map as Map<string, T>;
    };
    const query = (filter: Filter = {}, options: FindOptions = {}): T[] => {
      let cursor = new Query(filter).find<T>([...data().values()]);
      cursor = cursor.sort(withIdTiebreak(options.sort));
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
      peek: (id) => data().get(id) ?? null,
      find: async (filter, options) => query(filter, options),
      findOne: async (filter, options) => query(filter, { ...options, limit: 1 })[0] ?? null,
      count: async (filter = {}) => {
        const test = new Query(filter);
        return [...data().values()].filter((d) => test.test(d)).length;
      },
      putMany: async (docs) => {
        const map = data(true);
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

  /**
   * A projection engine's pending writes (by collection, then id; null deletes), taken as they are: a
   * collection empty so far (a catch-up from 0) becomes the map given, its deletes dropped from it,
   * rather than having each document set into a map of its own. The caller hands the maps over. False,
   * taking nothing, where applyBatch is not this one (a wrapper or subclass that sees every batch).
   */
  takeWrites(writes: ReadonlyMap<string, Map<string, Doc | null>>): boolean {
    if (this.applyBatch !== MemoryDocumentStore.prototype.applyBatch) return false;
    writes.forEach((docs, collection) => {
      const map = this.collections.get(collection);
      if (!map || map.size === 0) {
        docs.forEach((doc, id) => {
          if (doc === null) docs.delete(id);
        });
        // Nothing written: the collection is not created (listCollections agrees with MongoDB).
        if (docs.size) this.collections.set(collection, docs as Map<string, Doc>);
      } else {
        docs.forEach((doc, id) => {
          if (doc === null) map.delete(id);
          else map.set(id, doc);
        });
      }
    });
    return true;
  }

  async applyBatch(writes: CollectionWrites[]): Promise<void> {
    for (const { collection, puts, deletes } of writes) {
      // Taken as given (no copy): the caller hands them over, and readers only ever get copies.
      if (puts.length) this.adopt(collection, puts);
      const map = this.collections.get(collection);
      if (map) for (const id of deletes) map.delete(id);
    }
  }

  async renameCollection(source: string, target: string): Promise<void> {
    if (source === target) return;
    const content = this.collections.get(source);
    if (content) this.collections.set(target, content);
    else this.collections.delete(target);
    this.collections.delete(source);
  }

  async dropCollection(name: string): Promise<void> {
    this.collections.delete(name);
  }

  async listCollections(): Promise<string[]> {
    return [...this.collections.keys()].sort();
  }

  async close(): Promise<void> {}
}
