import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { StartedTestContainer } from 'testcontainers';
import { dockerAvailable, reportSkipped } from '../../../test/docker.js';
import { blobStoreContract } from './blob-store.contract.js';
import { GridFsBlobStore } from './gridfs-blob-store.js';

const SUITE = 'GridFS blob store contract suite';
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
  blobStoreContract('MongoDB GridFS', () => GridFsBlobStore.connect(url, `blobs_${randomUUID().slice(0, 8)}`));
});
