import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { dockerSuite, useMongoContainer } from '../../../test/docker.js';
import { documentStoreContract } from './document-store.contract.js';
import { MongoDocumentStore } from './mongo-document-store.js';

const suite = await dockerSuite('MongoDB contract suite');

describe.skipIf(!suite.docker)(suite.title, () => {
  const url = useMongoContainer();

  // A database per test: the contract expects an empty store from its factory.
  documentStoreContract('MongoDB', () => MongoDocumentStore.connect(url(), `contract_${randomUUID().slice(0, 8)}`));
});
