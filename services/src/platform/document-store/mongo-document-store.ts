import { MongoClient, type Db, type Filter as MongoFilter } from 'mongodb';
import type { CollectionWrites, Doc, DocumentCollection, DocumentStore, Filter, FindOptions } from './document-store.js';
import { isNamespaceNotFound, replaceOps, toMongoSort, userCollections, type StoredDoc } from './mongo-mapping.js';

const ID_INDEX = '_id_';

/** The same fields in the same order and directions. */
function sameKey(declared: Readonly<Record<string, number>>, stored: Record<string, unknown>): boolean {
  const a = Object.entries(declared);
  const b = Object.entries(stored);
  return a.length === b.length && a.every(([field, direction], i) => b[i]![0] === field && Number(b[i]![1]) === direction);
}

/** Production DocumentStore: one MongoDB database, one collection per read model. */
export class MongoDocumentStore implements DocumentStore {
  readonly kind = 'mongodb';

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoDocumentStore> {
    // The driver's 30 s to find a server held every read that long while MongoDB was away; 10 s still
    // rides out a replica-set election. A URL that sets it wins.
    const client = await MongoClient.connect(url, /serverSelectionTimeoutMS=/i.test(url) ? {} : { serverSelectionTimeoutMS: 10_000 });
    return new MongoDocumentStore(client, client.db(dbName));
  }

  collection<T extends Doc = Doc>(name: string): DocumentCollection<T> {
    const coll = this.db.collection<StoredDoc>(name);
    const find = (filter: Filter = {}, options: FindOptions = {}): Promise<T[]> => {
      let cursor = coll.find(filter as MongoFilter<StoredDoc>).sort(toMongoSort(options.sort));
      if (options.skip) cursor = cursor.skip(options.skip);
      if (options.limit) cursor = cursor.limit(options.limit);
      return cursor.toArray() as unknown as Promise<T[]>;
    };
    return {
      name,
      get: async (id) => (await coll.findOne({ _id: id })) as T | null,
      find,
      findOne: async (filter, options) => (await find(filter, { ...options, limit: 1 }))[0] ?? null,
      count: (filter = {}) => coll.countDocuments(filter),
      putMany: async (docs) => {
        if (docs.length === 0) return;
        await coll.bulkWrite(replaceOps(docs), { ordered: false });
      },
      deleteMany: async (ids) => {
        if (ids.length === 0) return;
        await coll.deleteMany({ _id: { $in: ids } });
      },
      clear: async () => {
        await coll.deleteMany({});
      },
    };
  }

  async applyBatch(writes: CollectionWrites[]): Promise<void> {
    for (const { collection, puts, deletes } of writes) {
      const target = this.collection(collection);
      if (puts.length) await target.putMany(puts);
      if (deletes.length) await target.deleteMany(deletes);
    }
  }

  async renameCollection(source: string, target: string): Promise<void> {
    if (source === target) return;
    try {
      await this.db.renameCollection(source, target, { dropTarget: true });
    } catch (error) {
      // An empty rebuild never created its source: the target becomes empty, as in memory.
      if (!isNamespaceNotFound(error)) throw error;
      await this.dropCollection(target);
    }
  }

  /**
   * Makes the collection's indexes what its read model declares (Projection.indexes), the one owner of
   * them: an index whose keys changed under the same name (MongoDB would refuse with code 86), the
   * same keys under a new name (code 85) and one no longer declared are dropped, then what is missing
   * is made. `_id_` is the server's.
   */
  async ensureIndexes(collection: string, indexes: readonly { name: string; key: Readonly<Record<string, 1 | -1>> }[]): Promise<void> {
    const coll = this.db.collection(collection);
    let existing: { name: string; key: Record<string, unknown> }[];
    try {
      existing = (await coll.listIndexes().toArray()) as { name: string; key: Record<string, unknown> }[];
    } catch (error) {
      if (!isNamespaceNotFound(error)) throw error;
      existing = [];
    }
    const declared = new Map(indexes.map((index) => [index.name, index]));
    const kept = new Set<string>();
    for (const index of existing) {
      if (index.name === ID_INDEX) continue;
      const wanted = declared.get(index.name);
      if (wanted && sameKey(wanted.key, index.key)) kept.add(index.name);
      else await coll.dropIndex(index.name);
    }
    const missing = indexes.filter((index) => !kept.has(index.name));
    if (missing.length) await coll.createIndexes(missing.map(({ name, key }) => ({ name, key: { ...key } })));
  }

  async dropCollection(name: string): Promise<void> {
    try {
      await this.db.dropCollection(name);
    } catch (error) {
      if (!isNamespaceNotFound(error)) throw error;
    }
  }

  async listCollections(): Promise<string[]> {
    const infos = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return userCollections(infos.map((info) => info.name));
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
