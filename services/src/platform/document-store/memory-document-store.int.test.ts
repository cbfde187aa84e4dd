import { describe, expect, it } from 'vitest';
import { documentStoreContract } from './document-store.contract.js';
import { MemoryDocumentStore } from './memory-document-store.js';

documentStoreContract('in memory (mingo)', () => new MemoryDocumentStore());

describe('MemoryDocumentStore', () => {
  it('is empty on every start: read models are rebuilt from the event store', async () => {
    const first = new MemoryDocumentStore();
    await first.collection('reservations').putMany([{ _id: 'r1' }]);
    await first.close();
    const second = new MemoryDocumentStore();
    expect(await second.listCollections()).toEqual([]);
  });

  it('does not list a collection that was only read', async () => {
    const store = new MemoryDocumentStore();
    await store.collection('reservations').get('r1');
    await store.collection('reservations').find({ date: '2026-11-18' });
    expect(await store.listCollections()).toEqual([]);
  });
});
