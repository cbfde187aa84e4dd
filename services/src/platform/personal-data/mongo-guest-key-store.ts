import { randomBytes } from 'node:crypto';
import { Binary, type Collection, type MongoClient } from 'mongodb';
import { connectMongo, MONGO_OPERATION_MAX_MS } from '../document-store/mongo-client-options.js';
import { GUEST_KEY_BYTES, type GuestKeyStore } from './guest-key-store.js';

/** Every read and write of a key is stopped by the server after this: an append never waits for ever on a key. */
const BOUNDED = { maxTimeMS: MONGO_OPERATION_MAX_MS } as const;

interface KeyRow {
  _id: string;
  key: Binary;
  createdAt: Date;
}

/**
 * STORE=eventstoredb: a `guest_keys` collection in MongoDB. A key is written with majority and journal
 * acknowledgement before the event using it is appended to EventStoreDB, so no stored event names a
 * key that could be lost. Back it up with the events: without it, no guest's data can be read.
 */
export class MongoGuestKeyStore implements GuestKeyStore {
  readonly kind = 'mongodb';

  private constructor(
    private readonly client: MongoClient | null,
    private readonly collection: Collection<KeyRow>,
  ) {}

  static async connect(url: string, dbName: string): Promise<MongoGuestKeyStore> {
    // The read models' bounds: a server found within 10 s (not the driver's 30 s), a silent one given up on.
    const client = await connectMongo(url);
    return new MongoGuestKeyStore(client, client.db(dbName).collection<KeyRow>('guest_keys'));
  }

  async getOrCreate(ref: string): Promise<Buffer> {
    const row = await this.collection.findOneAndUpdate(
      { _id: ref },
      { $setOnInsert: { key: new Binary(randomBytes(GUEST_KEY_BYTES)), createdAt: new Date() } },
      { upsert: true, returnDocument: 'after', writeConcern: { w: 'majority', journal: true }, ...BOUNDED },
    );
    return Buffer.from(row!.key.buffer);
  }

  async getMany(refs: readonly string[]): Promise<Map<string, Buffer>> {
    const keys = new Map<string, Buffer>();
    if (refs.length === 0) return keys;
    for await (const row of this.collection.find({ _id: { $in: [...refs] } }, BOUNDED)) keys.set(row._id, Buffer.from(row.key.buffer));
    return keys;
  }

  async delete(ref: string): Promise<boolean> {
    const result = await this.collection.deleteOne({ _id: ref }, { writeConcern: { w: 'majority', journal: true }, ...BOUNDED });
    return result.deletedCount > 0;
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}
