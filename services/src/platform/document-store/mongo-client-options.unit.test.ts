import { afterEach, describe, expect, it, vi } from 'vitest';
import { MongoClient } from 'mongodb';
import {
  MONGO_OPERATION_MAX_MS,
  MONGO_SERVER_SELECTION_TIMEOUT_MS,
  MONGO_SOCKET_TIMEOUT_MS,
  mongoClientOptions,
} from './mongo-client-options.js';
import { MongoDocumentStore } from './mongo-document-store.js';
import { MongoGuestKeyStore } from '../personal-data/mongo-guest-key-store.js';
import { MongoSessionStore } from '../sessions/mongo-session-store.js';
import { GridFsBlobStore } from '../blob-store/gridfs-blob-store.js';

/**
 * Issue 51 (Low): a MongoDB that accepts connections but never answers froze the projector. Without a
 * server, what each store asks of the driver: the client options of every connection (the guest keys,
 * the sessions and GridFS kept the driver's 30 s and no socket timeout), and `maxTimeMS` on every read
 * and write, recorded by a stand-in for the driver's collections.
 */
const URL = 'mongodb://mongo.example:27017/?replicaSet=rs0';

interface Call {
  collection: string;
  method: string;
  options: Record<string, unknown> | undefined;
}

function fakeClient(calls: Call[]): MongoClient {
  const cursor = (): unknown => {
    const self = {
      sort: () => self,
      skip: () => self,
      limit: () => self,
      project: () => self,
      toArray: async () => [],
      async *[Symbol.asyncIterator]() {},
    };
    return self;
  };
  const collection = (name: string) => {
    const record =
      (method: string, at: number, answer: unknown = undefined) =>
      (...args: unknown[]) => {
        calls.push({ collection: name, method, options: args[at] as Record<string, unknown> | undefined });
        return answer;
      };
    return {
      find: (...args: unknown[]) => (record('find', 1)(...args), cursor()),
      findOne: record('findOne', 1, Promise.resolve(null)),
      countDocuments: record('countDocuments', 1, Promise.resolve(0)),
      bulkWrite: record('bulkWrite', 1, Promise.resolve({})),
      deleteMany: record('deleteMany', 1, Promise.resolve({ deletedCount: 0 })),
      deleteOne: record('deleteOne', 1, Promise.resolve({ deletedCount: 0 })),
      replaceOne: record('replaceOne', 2, Promise.resolve({})),
      findOneAndUpdate: record('findOneAndUpdate', 2, Promise.resolve({ key: { buffer: Buffer.alloc(32) } })),
      listIndexes: (...args: unknown[]) => (record('listIndexes', 0)(...args), { toArray: async () => [] }),
      createIndex: async () => 'index',
      createIndexes: async () => [],
    };
  };
  const db = {
    collection,
    listCollections: (...args: unknown[]) => (
      calls.push({ collection: '', method: 'listCollections', options: args[1] as Record<string, unknown> }),
      { toArray: async () => [] }
    ),
  };
  return { db: () => db, close: async () => undefined } as unknown as MongoClient;
}

const connects = () => vi.mocked(MongoClient.connect).mock.calls.map(([url, options]) => ({ url, options }));

describe('MongoDB connections and operations, given a server that accepts connections but never answers', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when any store connects (read models, guest keys, sessions, GridFS), then it finds a server within 10 s and gives up on a silent socket', async () => {
    const calls: Call[] = [];
    vi.spyOn(MongoClient, 'connect').mockImplementation(async () => fakeClient(calls));
    await MongoDocumentStore.connect(URL, 'cafe');
    await MongoGuestKeyStore.connect(URL, 'cafe');
    await MongoSessionStore.connect(URL, 'cafe');
    await GridFsBlobStore.connect(URL, 'cafe');
    expect(connects()).toHaveLength(4);
    for (const { url, options } of connects()) {
      expect(url).toBe(URL);
      expect(options).toMatchObject({
        serverSelectionTimeoutMS: MONGO_SERVER_SELECTION_TIMEOUT_MS,
        socketTimeoutMS: MONGO_SOCKET_TIMEOUT_MS,
      });
      expect(MONGO_SOCKET_TIMEOUT_MS).toBeGreaterThan(MONGO_OPERATION_MAX_MS);
    }
  });

  it('when the connection string sets a bound itself, then it wins', () => {
    const options = mongoClientOptions('mongodb://m:27017/?serverSelectionTimeoutMS=2000&SOCKETTIMEOUTMS=0');
    expect(options).not.toHaveProperty('serverSelectionTimeoutMS');
    expect(options).not.toHaveProperty('socketTimeoutMS');
    expect(options).toHaveProperty('connectTimeoutMS');
    expect(mongoClientOptions('mongodb://m:27017')).toHaveProperty('serverSelectionTimeoutMS', MONGO_SERVER_SELECTION_TIMEOUT_MS);
  });

  it('when the stores read and write, then the server is told to stop each call at maxTimeMS', async () => {
    const calls: Call[] = [];
    vi.spyOn(MongoClient, 'connect').mockImplementation(async () => fakeClient(calls));
    const documents = await MongoDocumentStore.connect(URL, 'cafe');
    const bookings = documents.collection('bookings');
    await bookings.get('b1');
    await bookings.find({ date: '2026-11-21' }, { sort: { time: 1 }, limit: 5 });
    await bookings.findOne({ date: '2026-11-21' });
    await bookings.count();
    await bookings.putMany([{ _id: 'b1' }]);
    await bookings.deleteMany(['b1']);
    await bookings.clear();
    await documents.ensureIndexes('bookings', []);
    await documents.listCollections();

    const keys = await MongoGuestKeyStore.connect(URL, 'cafe');
    await keys.getOrCreate('ref');
    await keys.getMany(['ref']);
    await keys.delete('ref');

    const sessions = await MongoSessionStore.connect(URL, 'cafe');
    await sessions.get('sid');
    await sessions.set('sid', {}, new Date());
    await sessions.destroy('sid');
    await sessions.destroyForEmail('ada@example.com');

    const blobs = await GridFsBlobStore.connect(URL, 'cafe');
    await blobs.get('0'.repeat(64) + '.png');
    await blobs.has('0'.repeat(64) + '.png');
    await blobs.list();

    const methods = new Set(calls.map((c) => c.method));
    for (const method of ['find', 'findOne', 'countDocuments', 'bulkWrite', 'deleteMany', 'deleteOne', 'replaceOne', 'findOneAndUpdate']) {
      expect(methods).toContain(method);
    }
    const unbounded = calls.filter((c) => c.options?.maxTimeMS !== MONGO_OPERATION_MAX_MS).map((c) => `${c.collection}.${c.method}`);
    expect(unbounded).toEqual([]);
    expect(calls.some((c) => c.collection === 'uploads.files')).toBe(true);
  });
});
