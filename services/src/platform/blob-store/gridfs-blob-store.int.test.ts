import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { dockerSuite, useMongoContainer } from '../../../test/docker.js';
import { blobStoreContract } from './blob-store.contract.js';
import { GridFsBlobStore } from './gridfs-blob-store.js';

const suite = await dockerSuite('GridFS blob store contract suite');

describe.skipIf(!suite.docker)(suite.title, () => {
  const url = useMongoContainer();

  // A database per test: the contract expects an empty store from its factory.
  blobStoreContract('MongoDB GridFS', () => GridFsBlobStore.connect(url(), `blobs_${randomUUID().slice(0, 8)}`));
});
