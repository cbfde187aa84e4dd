import type { Db, MongoClient, Filter as MongoFilter } from 'mongodb';
import type { CollectionWrites, Doc, DocumentCollection, DocumentStore, Filter, FindOptions } from './document-store.js';
import { connectMongo, MONGO_OPERATION_MAX_MS } from './mongo-client-options.js';
import { isNamespaceNotFound, replaceOps, toMongoSort, userCollections, type StoredDoc } from './mongo-mapping.js';

const ID_INDEX = '_id_';
/** The server stops any read or write of a read model after this (a projector never waits for ever). */
const BOUNDED = { maxTimeMS: MONGO_OPERATION_MAX_MS } as const;

/**
 * The product's indexes are named with this prefix, the mark that they are ours to drop: any other
 * name is an operator's (made with mongosh for a report of their own, say) and no start drops it.
 */
export const PRODUCT_INDEX_PREFIX = 'cafe_';
const productIndexName = (declared: string) => `${PRODUCT_INDEX_PREFIX}${declared}`;
const isProductIndex = (name: string) => name.startsWith(PRODUCT_INDEX_PREFIX);

interface StoredIndex {
  name: string;
  key: Record<string, unknown>;
  [option: string]: unknown;
}

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
    // Bounded: a server found within 10 s, a silent connection closed (mongo-client-options.ts).
    const client = await connectMongo(url);
    return new MongoDocumentStore(client, client.db(dbName));
  }

  collection<T extends Doc = Doc>(name: string): DocumentCollection<T> {
    const coll = this.db.collection<StoredDoc>(name);
    const find = (filter: Filter = {}, options: FindOptions = {}): Promise<T[]> => {
      let cursor = coll.find(filter as MongoFilter<StoredDoc>, BOUNDED).sort(toMongoSort(options.sort));
      if (options.skip) cursor = cursor.skip(options.skip);
      if (options.limit) cursor = cursor.limit(options.limit);
      return cursor.toArray() as unknown as Promise<T[]>;
    };
    return {
      name,
      get: async (id) => (await coll.findOne({ _id: id }, BOUNDED)) as T | null,
      find,
      findOne: async (filter, options) => (await find(filter, { ...options, limit: 1 }))[0] ?? null,
      count: (filter = {}) => coll.countDocuments(filter, BOUNDED),
      putMany: async (docs) => {
        if (docs.length === 0) return;
        await coll.bulkWrite(replaceOps(docs), { ordered: false, ...BOUNDED });
      },
      deleteMany: async (ids) => {
        if (ids.length === 0) return;
        await coll.deleteMany({ _id: { $in: ids } }, BOUNDED);
      },
      clear: async () => {
        await coll.deleteMany({}, BOUNDED);
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
    await this.carryOperatorIndexes(source, target);
    try {
      await this.db.renameCollection(source, target, { dropTarget: true });
    } catch (error) {
      // An empty rebuild never created its source: the target becomes empty, as in memory.
      if (!isNamespaceNotFound(error)) throw error;
      await this.dropCollection(target);
    }
  }

  /**
   * Makes the product's indexes on the collection what its read model declares (Projection.indexes).
   * Ours carry PRODUCT_INDEX_PREFIX; every other index is an operator's and is left alone. Of ours, one
   * whose keys changed (MongoDB would refuse the same name with other keys, code 86) or no longer
   * declared is dropped; one made before the prefix (a declared name without it) is made again under
   * it. A declared index whose keys an operator's index already has is not made (MongoDB refuses the
   * same keys under a second name, code 85): theirs serves the reads. `_id_` is the server's.
   */
  async ensureIndexes(collection: string, indexes: readonly { name: string; key: Readonly<Record<string, 1 | -1>> }[]): Promise<void> {
    const coll = this.db.collection(collection);
    const existing = await this.indexesOf(collection);
    const declared = new Map(indexes.map((index) => [productIndexName(index.name), index]));
    const before = new Set(indexes.map((index) => index.name));
    const kept = new Set<string>();
    const operators: StoredIndex[] = [];
    for (const index of existing) {
      if (index.name === ID_INDEX) continue;
      if (!isProductIndex(index.name) && !before.has(index.name)) {
        operators.push(index);
        continue;
      }
      const wanted = declared.get(index.name);
      if (wanted && sameKey(wanted.key, index.key)) kept.add(index.name);
      else await coll.dropIndex(index.name, BOUNDED);
    }
    const missing = [...declared].filter(([name, { key }]) => !kept.has(name) && !operators.some((index) => sameKey(key, index.key)));
    if (missing.length) await coll.createIndexes(missing.map(([name, { key }]) => ({ name, key: { ...key } })));
  }

  async dropCollection(name: string): Promise<void> {
    try {
      await this.db.dropCollection(name);
    } catch (error) {
      if (!isNamespaceNotFound(error)) throw error;
    }
  }

  /**
   * A rebuild's collection replaces the served one (rename with dropTarget), whose indexes go with it:
   * the ones an operator added there are made on the new collection first. One MongoDB refuses (the
   * same keys as a product index, say) is skipped: the rename must not fail for an operator's index.
   */
  private async carryOperatorIndexes(source: string, target: string): Promise<void> {
    const theirs = (await this.indexesOf(target)).filter((index) => index.name !== ID_INDEX && !isProductIndex(index.name));
    if (theirs.length === 0) return;
    const coll = this.db.collection(source);
    for (const { name, key, v: _v, ns: _ns, ...options } of theirs) {
      await coll.createIndex(key as Record<string, 1 | -1>, { ...options, name }).catch(() => undefined);
    }
  }

  private async indexesOf(collection: string): Promise<StoredIndex[]> {
    try {
      return (await this.db.collection(collection).listIndexes(BOUNDED).toArray()) as StoredIndex[];
    } catch (error) {
      if (!isNamespaceNotFound(error)) throw error;
      return [];
    }
  }

  async listCollections(): Promise<string[]> {
    const infos = await this.db.listCollections({}, { nameOnly: true, ...BOUNDED }).toArray();
    return userCollections(infos.map((info) => info.name));
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
