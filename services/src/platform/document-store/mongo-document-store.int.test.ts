import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { StartedTestContainer } from 'testcontainers';
import { dockerAvailable, reportSkipped } from '../../../test/docker.js';
import { documentStoreContract } from './document-store.contract.js';
import { MongoDocumentStore } from './mongo-document-store.js';

const SUITE = 'MongoDB contract suite';
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

  // A database per test: the contract expects an empty store from its factory.
  documentStoreContract('MongoDB', () => MongoDocumentStore.connect(url, `contract_${randomUUID().slice(0, 8)}`));
});
