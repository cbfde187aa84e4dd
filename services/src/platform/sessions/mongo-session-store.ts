import type { Collection, MongoClient } from 'mongodb';
import { connectMongo, MONGO_OPERATION_MAX_MS } from '../document-store/mongo-client-options.js';
import type { SessionStorePort } from './session-store.js';

/** Every read and write of a session is stopped by the server after this: a sign-in never waits for ever. */
const BOUNDED = { maxTimeMS: MONGO_OPERATION_MAX_MS } as const;

interface SessionRow {
  _id: string;
  sess: Record<string, unknown>;
  expire: Date;
}

/**
 * The sessions' TTL index: MongoDB's TTL monitor removes a session once `expire` (a Date) is past. Its
 * one owner is this store, which creates it on connect (infra scripts create no index).
 */
export const SESSIONS_TTL_INDEX = { name: 'sessions_ttl', key: { expire: 1 }, expireAfterSeconds: 0 } as const;

/**
 * Creates the TTL index. A database set up by the old infra/mongo/indexes.js holds the same keys as
 * `expire_ttl`, which MongoDB refuses to create again under another name (IndexOptionsConflict, 85):
 * that leftover is dropped and the index made under its one name.
 */
async function ensureTtlIndex(collection: Collection<SessionRow>): Promise<void> {
  const { key, ...options } = SESSIONS_TTL_INDEX;
  try {
    await collection.createIndex({ ...key }, options);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 85) throw error;
    const leftovers = (await collection.indexes()).filter((i) => JSON.stringify(i.key) === JSON.stringify(key) && i.name !== options.name);
    for (const index of leftovers) await collection.dropIndex(index.name!);
    await collection.createIndex({ ...key }, options);
  }
}

/** STORE=eventstoredb: a `sessions` collection whose TTL index lets MongoDB drop expired sessions. */
export class MongoSessionStore implements SessionStorePort {
  readonly kind = 'mongodb';

  private constructor(
    private readonly client: MongoClient,
    private readonly collection: Collection<SessionRow>,
  ) {}

  static async connect(url: string, dbName: string, collectionName = 'sessions'): Promise<MongoSessionStore> {
    // The read models' bounds: a server found within 10 s (not the driver's 30 s), a silent one given up on.
    const client = await connectMongo(url);
    const collection = client.db(dbName).collection<SessionRow>(collectionName);
    await ensureTtlIndex(collection);
    return new MongoSessionStore(client, collection);
  }

  async get(sid: string) {
    // The TTL monitor runs once a minute; an expired row may still be there.
    const row = await this.collection.findOne({ _id: sid, expire: { $gt: new Date() } }, BOUNDED);
    return row?.sess ?? null;
  }

  async set(sid: string, sess: Record<string, unknown>, expire: Date) {
    await this.collection.replaceOne({ _id: sid }, { sess, expire }, { upsert: true, ...BOUNDED });
  }

  async destroy(sid: string) {
    await this.collection.deleteOne({ _id: sid }, BOUNDED);
  }

  async destroyForEmail(email: string) {
    return (await this.collection.deleteMany({ 'sess.user.email': email }, BOUNDED)).deletedCount;
  }

  async close() {
    await this.client.close();
  }
}
