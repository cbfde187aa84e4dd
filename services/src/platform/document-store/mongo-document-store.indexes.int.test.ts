import type { Db, MongoClient } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { MongoDocumentStore, PRODUCT_INDEX_PREFIX } from './mongo-document-store.js';

/**
 * Issue 26 #6 without a server: a stand-in for the driver's collection that keeps index definitions
 * and refuses createIndexes as MongoDB does, with code 85 (IndexOptionsConflict: the same keys under
 * another name) or 86 (IndexKeySpecsConflict: the same name with other keys).
 */
type Key = Record<string, number>;
class FakeIndexes {
  readonly byCollection = new Map<string, Map<string, Key>>();
  readonly dropped: string[] = [];

  db(): Db {
    const collection = (name: string) => ({
      listIndexes: () => ({
        toArray: async () => {
          const indexes = this.byCollection.get(name);
          if (!indexes) throw Object.assign(new Error(`ns does not exist: cafe.${name}`), { code: 26, codeName: 'NamespaceNotFound' });
          return [...indexes].map(([n, key]) => ({ v: 2, name: n, key }));
        },
      }),
      dropIndex: async (index: string) => {
        this.byCollection.get(name)?.delete(index);
        this.dropped.push(`${name}.${index}`);
      },
      createIndexes: async (specs: { name: string; key: Key }[]) => {
        const indexes = this.byCollection.get(name) ?? new Map<string, Key>([['_id_', { _id: 1 }]]);
        for (const spec of specs) {
          const sameName = indexes.get(spec.name);
          if (sameName && JSON.stringify(sameName) !== JSON.stringify(spec.key))
            throw Object.assign(new Error(`An existing index has the same name as the requested index: ${spec.name}`), { code: 86 });
          const sameKeys = [...indexes].find(([n, key]) => n !== spec.name && JSON.stringify(key) === JSON.stringify(spec.key));
          if (sameKeys) throw Object.assign(new Error(`Index already exists with a different name: ${sameKeys[0]}`), { code: 85 });
        }
        for (const spec of specs) indexes.set(spec.name, spec.key);
        this.byCollection.set(name, indexes);
        return specs.map((s) => s.name);
      },
      createIndex: async (key: Key, options: { name: string }) => {
        await collection(name).createIndexes([{ name: options.name, key }]);
        return options.name;
      },
    });
    const renameCollection = async (source: string, target: string) => {
      const indexes = this.byCollection.get(source);
      if (!indexes) throw Object.assign(new Error('source namespace does not exist'), { code: 26, codeName: 'NamespaceNotFound' });
      // dropTarget: the target's indexes go with it; the source's come along.
      this.byCollection.set(target, indexes);
      this.byCollection.delete(source);
    };
    return { collection, renameCollection } as unknown as Db;
  }
}

const storeOn = (fake: FakeIndexes) => new MongoDocumentStore({ close: async () => undefined } as unknown as MongoClient, fake.db());
const names = (fake: FakeIndexes, collection: string) => Object.fromEntries(fake.byCollection.get(collection) ?? []);
const ours = (declared: string) => `${PRODUCT_INDEX_PREFIX}${declared}`;

describe('MongoDB read-model indexes, given definitions that changed since they were made', () => {
  it('when a declared index kept its name but changed its keys (86), then it is dropped and made again', async () => {
    const fake = new FakeIndexes();
    fake.byCollection.set(
      'bookings',
      new Map<string, Key>([
        ['_id_', { _id: 1 }],
        [ours('by_date'), { date: 1 }],
      ]),
    );
    await storeOn(fake).ensureIndexes('bookings', [{ name: 'by_date', key: { date: 1, time: 1 } }]);
    expect(names(fake, 'bookings')).toEqual({ _id_: { _id: 1 }, [ours('by_date')]: { date: 1, time: 1 } });
  });

  it('when the same keys are declared under a new name (85), then the old index is dropped and the new one made', async () => {
    const fake = new FakeIndexes();
    fake.byCollection.set(
      'bookings',
      new Map<string, Key>([
        ['_id_', { _id: 1 }],
        [ours('date_1'), { date: 1 }],
      ]),
    );
    await storeOn(fake).ensureIndexes('bookings', [{ name: 'by_date', key: { date: 1 } }]);
    expect(names(fake, 'bookings')).toEqual({ _id_: { _id: 1 }, [ours('by_date')]: { date: 1 } });
  });

  it('when an index is no longer declared, then it is dropped; _id_ and unchanged ones stay', async () => {
    const fake = new FakeIndexes();
    fake.byCollection.set(
      'bookings',
      new Map<string, Key>([
        ['_id_', { _id: 1 }],
        [ours('by_date'), { date: 1 }],
        [ours('by_email'), { email: 1 }],
      ]),
    );
    await storeOn(fake).ensureIndexes('bookings', [{ name: 'by_date', key: { date: 1 } }]);
    expect(names(fake, 'bookings')).toEqual({ _id_: { _id: 1 }, [ours('by_date')]: { date: 1 } });
    expect(fake.dropped).toEqual([`bookings.${ours('by_email')}`]);
    await storeOn(fake).ensureIndexes('bookings', []);
    expect(names(fake, 'bookings')).toEqual({ _id_: { _id: 1 } });
  });

  it('when the collection does not exist yet, then its indexes are made', async () => {
    const fake = new FakeIndexes();
    await storeOn(fake).ensureIndexes('fresh', [{ name: 'by_date', key: { date: 1 } }]);
    expect(names(fake, 'fresh')).toEqual({ _id_: { _id: 1 }, [ours('by_date')]: { date: 1 } });
    await storeOn(fake).ensureIndexes('nothing', []);
    expect(fake.byCollection.has('nothing')).toBe(false);
  });
});

describe('MongoDB read-model indexes, given indexes an operator added', () => {
  it('when the projector starts again, then an index the product never declared is left, and one it declares is made beside it', async () => {
    const fake = new FakeIndexes();
    fake.byCollection.set(
      'bookings',
      new Map<string, Key>([
        ['_id_', { _id: 1 }],
        ['by_phone', { phone: 1 }],
      ]),
    );
    await storeOn(fake).ensureIndexes('bookings', [{ name: 'by_date', key: { date: 1 } }]);
    await storeOn(fake).ensureIndexes('bookings', [{ name: 'by_date', key: { date: 1 } }]);
    expect(names(fake, 'bookings')).toEqual({ _id_: { _id: 1 }, by_phone: { phone: 1 }, [ours('by_date')]: { date: 1 } });
    expect(fake.dropped).toEqual([]);
  });

  it('when an operator index has the keys of a declared one (85), then theirs stays and serves, and the start does not fail', async () => {
    const fake = new FakeIndexes();
    fake.byCollection.set(
      'bookings',
      new Map<string, Key>([
        ['_id_', { _id: 1 }],
        ['date_1', { date: 1 }],
      ]),
    );
    await storeOn(fake).ensureIndexes('bookings', [{ name: 'by_date', key: { date: 1 } }]);
    expect(names(fake, 'bookings')).toEqual({ _id_: { _id: 1 }, date_1: { date: 1 } });
    expect(fake.dropped).toEqual([]);
  });

  it('when a product index was made before the prefix (its declared name), then it is made again under the prefix', async () => {
    const fake = new FakeIndexes();
    fake.byCollection.set(
      'bookings',
      new Map<string, Key>([
        ['_id_', { _id: 1 }],
        ['by_date', { date: 1 }],
      ]),
    );
    await storeOn(fake).ensureIndexes('bookings', [{ name: 'by_date', key: { date: 1 } }]);
    expect(names(fake, 'bookings')).toEqual({ _id_: { _id: 1 }, [ours('by_date')]: { date: 1 } });
  });

  it('when a rebuild replaces the served collection, then the operator’s indexes are made on the new one first', async () => {
    const fake = new FakeIndexes();
    fake.byCollection.set(
      'bookings',
      new Map<string, Key>([
        ['_id_', { _id: 1 }],
        [ours('by_date'), { date: 1 }],
        ['by_phone', { phone: 1 }],
      ]),
    );
    const store = storeOn(fake);
    await store.ensureIndexes('bookings__rebuild', [{ name: 'by_date', key: { date: 1 } }]);
    await store.renameCollection('bookings__rebuild', 'bookings');
    expect(names(fake, 'bookings')).toEqual({ _id_: { _id: 1 }, [ours('by_date')]: { date: 1 }, by_phone: { phone: 1 } });
  });
});
