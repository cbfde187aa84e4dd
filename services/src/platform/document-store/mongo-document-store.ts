import { MongoClient, type Db, type Filter as MongoFilter } from 'mongodb';
import type { CollectionWrites, Doc, DocumentCollection, DocumentStore, Filter, FindOptions } from './document-store.js';
import { isNamespaceNotFound, replaceOps, toMongoSort, userCollections, type StoredDoc } from './mongo-mapping.js';

/** Production DocumentStore: one MongoDB database, one collection per read model. */
export class MongoDocumentStore implements DocumentStore {
  readonly kind = 'mongodb';

  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoDocumentStore> {
    const client = await MongoClient.connect(url);
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

  async ensureIndexes(collection: string, indexes: readonly { name: string; key: Readonly<Record<string, 1 | -1>> }[]): Promise<void> {
    if (indexes.length === 0) return;
    // One owner: the read model that declares them (Projection.indexes). An index of the same keys under
    // another name would be refused (IndexOptionsConflict), so nothing else creates read-model indexes.
    await this.db.collection(collection).createIndexes(indexes.map(({ name, key }) => ({ name, key: { ...key } })));
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
