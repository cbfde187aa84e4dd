import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { dockerSuite, useMongoContainer } from '../../../test/docker.js';
import { guestKeyStoreContract } from './guest-key-store.contract.js';
import { MongoGuestKeyStore } from './mongo-guest-key-store.js';

const suite = await dockerSuite('MongoDB guest key store contract suite');

describe.skipIf(!suite.docker)(suite.title, () => {
  const url = useMongoContainer();

  guestKeyStoreContract('MongoDB', async () => {
    const db = `keys_${randomUUID().slice(0, 8)}`;
    return {
      store: await MongoGuestKeyStore.connect(url(), db),
      reopen: () => MongoGuestKeyStore.connect(url(), db),
      cleanup: async () => {},
    };
  });
});
