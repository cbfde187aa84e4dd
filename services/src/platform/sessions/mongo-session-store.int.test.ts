import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedTestContainer } from 'testcontainers';
import { MongoClient } from 'mongodb';
import { dockerAvailable, reportSkipped } from '../../../test/docker.js';
import { sessionStoreContract } from './session-store.contract.js';
import { MongoSessionStore } from './mongo-session-store.js';

const SUITE = 'MongoDB sessions contract suite';
const docker = await dockerAvailable();
if (!docker) reportSkipped(SUITE);

describe.skipIf(!docker)(docker ? SUITE : `${SUITE}: skipped, no Docker engine`, () => {
  let container: StartedTestContainer | undefined;
  let url = '';

  beforeAll(async () => {
    const { GenericContainer, Wait } = await import('testcontainers');
    container = await new GenericContainer('mongo:7')
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .withStartupTimeout(120_000)
      .start();
    url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
  }, 180_000);

  afterAll(async () => {
    await container?.stop();
  });

  sessionStoreContract('MongoDB', async () => {
    const db = `sessions_${randomUUID().slice(0, 8)}`;
    return {
      store: await MongoSessionStore.connect(url, db),
      reopen: () => MongoSessionStore.connect(url, db),
      cleanup: async () => {},
    };
  });

  it('creates the TTL index that lets MongoDB drop expired sessions', async () => {
    const db = `sessions_${randomUUID().slice(0, 8)}`;
    const store = await MongoSessionStore.connect(url, db);
    const client = await MongoClient.connect(url);
    try {
      const indexes = await client.db(db).collection('sessions').indexes();
      expect(indexes.find((i) => i.name === 'sessions_ttl')).toMatchObject({ key: { expire: 1 }, expireAfterSeconds: 0 });
    } finally {
      await client.close();
      await store.close();
    }
  });
});
