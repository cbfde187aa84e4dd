import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MongoClient } from 'mongodb';
import { dockerSuite, useMongoContainer } from '../../../test/docker.js';
import { sessionStoreContract } from './session-store.contract.js';
import { MongoSessionStore } from './mongo-session-store.js';

const suite = await dockerSuite('MongoDB sessions contract suite');

describe.skipIf(!suite.docker)(suite.title, () => {
  const url = useMongoContainer();

  sessionStoreContract('MongoDB', async () => {
    const db = `sessions_${randomUUID().slice(0, 8)}`;
    return {
      store: await MongoSessionStore.connect(url(), db),
      reopen: () => MongoSessionStore.connect(url(), db),
      cleanup: async () => {},
    };
  });

  it('creates the TTL index that lets MongoDB drop expired sessions', async () => {
    const db = `sessions_${randomUUID().slice(0, 8)}`;
    const store = await MongoSessionStore.connect(url(), db);
    const client = await MongoClient.connect(url());
    try {
      const indexes = await client.db(db).collection('sessions').indexes();
      expect(indexes.find((i) => i.name === 'sessions_ttl')).toMatchObject({ key: { expire: 1 }, expireAfterSeconds: 0 });
    } finally {
      await client.close();
      await store.close();
    }
  });

  it('starts on a database where the old infra script made the same TTL index as expire_ttl', async () => {
    const db = `sessions_${randomUUID().slice(0, 8)}`;
    const client = await MongoClient.connect(url());
    try {
      await client.db(db).collection('sessions').createIndex({ expire: 1 }, { expireAfterSeconds: 0, name: 'expire_ttl' });
      const store = await MongoSessionStore.connect(url(), db);
      await store.close();
      const names = (await client.db(db).collection('sessions').indexes()).map((i) => i.name);
      expect(names.sort()).toEqual(['_id_', 'sessions_ttl']);
    } finally {
      await client.close();
    }
  });
});
