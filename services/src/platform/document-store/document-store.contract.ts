import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Doc, DocumentStore } from './document-store.js';

interface Booking extends Doc {
  _id: string;
  date: string;
  time: string;
  partySize: number;
  status: 'pending' | 'confirmed' | 'cancelled';
  contact: { name: string; email: string };
  tags?: string[];
}

const bookings: Booking[] = [
  { _id: 'r1', date: '2026-11-18', time: '18:00', partySize: 2, status: 'pending', contact: { name: 'Ada', email: 'ada@example.com' } },
  {
    _id: 'r2',
    date: '2026-11-18',
    time: '19:30',
    partySize: 6,
    status: 'confirmed',
    contact: { name: 'Bo', email: 'bo@example.com' },
    tags: ['birthday'],
  },
  { _id: 'r3', date: '2026-11-19', time: '18:00', partySize: 4, status: 'cancelled', contact: { name: 'Cy', email: 'cy@example.org' } },
  {
    _id: 'r4',
    date: '2026-11-21',
    time: '11:00',
    partySize: 10,
    status: 'confirmed',
    contact: { name: 'Di', email: 'di@example.com' },
    tags: ['birthday', 'cake'],
  },
  { _id: 'r5', date: '2026-11-17', time: '22:00', partySize: 3, status: 'pending', contact: { name: 'Ed', email: 'ed@example.org' } },
  { _id: 'r6', date: '2026-11-18', time: '18:00', partySize: 5, status: 'confirmed', contact: { name: 'Fi', email: 'fi@example.com' } },
];

/**
 * The behaviour every DocumentStore adapter must show: the factory returns an empty store; the
 * filters and sorts are MongoDB's, and the in-memory adapter must answer them as MongoDB does.
 */
export function documentStoreContract(name: string, factory: () => Promise<DocumentStore> | DocumentStore): void {
  describe(`DocumentStore contract: ${name}`, () => {
    let store: DocumentStore;

    beforeEach(async () => {
      store = await factory();
    });

    afterEach(async () => {
      await store.close();
    });

    const seed = async (collection = 'reservations') => {
      await store.collection<Booking>(collection).putMany(bookings);
      return store.collection<Booking>(collection);
    };
    const ids = (docs: Doc[]) => docs.map((d) => d._id);

    describe('documents', () => {
      it('puts and gets whole documents; a missing one is null', async () => {
        const coll = await seed();
        expect(await coll.get('r2')).toEqual(bookings[1]);
        expect(await coll.get('nope')).toBeNull();
      });

      it('replaces a document whole: fields missing from the new version are gone', async () => {
        const coll = await seed();
        await coll.putMany([
          {
            _id: 'r2',
            date: '2026-11-20',
            time: '15:00',
            partySize: 2,
            status: 'pending',
            contact: { name: 'Bo', email: 'bo@example.com' },
          },
        ]);
        const doc = await coll.get('r2');
        expect(doc).toMatchObject({ date: '2026-11-20', time: '15:00', partySize: 2 });
        expect(doc).not.toHaveProperty('tags');
        expect(await coll.count()).toBe(bookings.length);
      });

      it('keeps the last version when one batch names a document twice', async () => {
        const coll = store.collection('items');
        await coll.putMany([
          { _id: 'a', v: 1 },
          { _id: 'a', v: 2 },
        ]);
        expect(await coll.get('a')).toEqual({ _id: 'a', v: 2 });
      });

      it('round-trips JSON values: numbers, booleans, null, nested arrays and objects', async () => {
        const coll = store.collection('items');
        const doc = {
          _id: 'x',
          n: 1.5,
          zero: 0,
          yes: true,
          no: false,
          nothing: null,
          list: [1, ['a', { b: 2 }]],
          deep: { a: { b: { c: 'd' } } },
        };
        await coll.putMany([doc]);
        expect(await coll.get('x')).toEqual(doc);
      });

      it('hands out copies: changing a returned or a stored object does not change the store', async () => {
        const coll = store.collection<Booking>('reservations');
        const input = structuredClone(bookings[0]!);
        await coll.putMany([input]);
        input.contact.name = 'changed after put';

        const got = (await coll.get('r1'))!;
        got.contact.name = 'changed after get';
        const [found] = await coll.find({ _id: 'r1' });
        found!.partySize = 99;

        expect(await coll.get('r1')).toEqual(bookings[0]);
      });

      it('deletes by id, ignoring ids that are not there', async () => {
        const coll = await seed();
        await coll.deleteMany(['r1', 'r3', 'missing']);
        expect(ids(await coll.find())).toEqual(['r2', 'r4', 'r5', 'r6']);
        await coll.deleteMany([]);
        expect(await coll.count()).toBe(4);
      });

      it('clears one collection and leaves the others alone', async () => {
        const reservations = await seed('reservations');
        const other = await seed('partyBookings');
        await reservations.clear();
        expect(await reservations.count()).toBe(0);
        expect(await other.count()).toBe(bookings.length);
      });

      it('keeps collections apart', async () => {
        const a = store.collection('a');
        const b = store.collection('b');
        await a.putMany([{ _id: 'same', from: 'a' }]);
        await b.putMany([{ _id: 'same', from: 'b' }]);
        expect(await a.get('same')).toEqual({ _id: 'same', from: 'a' });
        expect(await b.get('same')).toEqual({ _id: 'same', from: 'b' });
      });
    });

    describe('queries with MongoDB filters', () => {
      it('finds everything, ordered by _id, with no filter', async () => {
        const coll = await seed();
        expect(ids(await coll.find())).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
        expect(ids(await coll.find({}))).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
      });

      it('$gte / $lte on date strings (a week view)', async () => {
        const coll = await seed();
        expect(ids(await coll.find({ date: { $gte: '2026-11-18', $lte: '2026-11-19' } }))).toEqual(['r1', 'r2', 'r3', 'r6']);
      });

      it('$in, $ne and numeric comparisons', async () => {
        const coll = await seed();
        expect(ids(await coll.find({ status: { $in: ['pending', 'cancelled'] } }))).toEqual(['r1', 'r3', 'r5']);
        expect(ids(await coll.find({ status: { $ne: 'cancelled' }, partySize: { $gt: 4 } }))).toEqual(['r2', 'r4', 'r6']);
      });

      it('$or and $and', async () => {
        const coll = await seed();
        expect(ids(await coll.find({ $or: [{ partySize: { $gte: 10 } }, { date: '2026-11-17' }] }))).toEqual(['r4', 'r5']);
        expect(ids(await coll.find({ $and: [{ date: '2026-11-18' }, { $or: [{ status: 'pending' }, { partySize: 5 }] }] }))).toEqual([
          'r1',
          'r6',
        ]);
      });

      it('nested fields, array membership, $exists and $regex', async () => {
        const coll = await seed();
        expect(ids(await coll.find({ 'contact.email': 'cy@example.org' }))).toEqual(['r3']);
        expect(ids(await coll.find({ tags: 'birthday' }))).toEqual(['r2', 'r4']);
        expect(ids(await coll.find({ tags: { $exists: false } }))).toEqual(['r1', 'r3', 'r5', 'r6']);
        expect(ids(await coll.find({ 'contact.email': { $regex: '\\.ORG$', $options: 'i' } }))).toEqual(['r3', 'r5']);
      });

      it('sorts by several keys, breaking ties by _id', async () => {
        const coll = await seed();
        const sorted = await coll.find({}, { sort: { date: 1, time: -1 } });
        expect(ids(sorted)).toEqual(['r5', 'r2', 'r1', 'r6', 'r3', 'r4']);
        const bySize = await coll.find({ date: '2026-11-18' }, { sort: { time: 1, partySize: -1 } });
        expect(ids(bySize)).toEqual(['r6', 'r1', 'r2']);
        const byTimeOnly = await coll.find({ time: '18:00' }, { sort: { time: -1 } });
        expect(ids(byTimeOnly)).toEqual(['r1', 'r3', 'r6']);
      });

      it('pages with skip and limit after sorting', async () => {
        const coll = await seed();
        const sort = { partySize: -1 } as const;
        expect((await coll.find({}, { sort, limit: 2 })).map((d) => d.partySize)).toEqual([10, 6]);
        expect((await coll.find({}, { sort, skip: 2, limit: 2 })).map((d) => d.partySize)).toEqual([5, 4]);
        expect((await coll.find({}, { sort, skip: 5, limit: 2 })).map((d) => d.partySize)).toEqual([2]);
        expect(await coll.find({}, { sort, skip: 10 })).toEqual([]);
      });

      it('a page (skip and limit) of a sort by several keys is that slice of the whole sorted answer', async () => {
        const coll = await seed();
        const sort = { date: 1, time: 1 } as const;
        for (const filter of [{}, { date: { $gte: '2026-11-18' } }, { date: { $gte: '2026-11-17' }, status: 'pending' }]) {
          const whole = ids(await coll.find(filter, { sort }));
          for (let skip = 0; skip <= whole.length; skip++) {
            for (const limit of [1, 2, 3]) {
              expect(ids(await coll.find(filter, { sort, skip, limit })), `${JSON.stringify(filter)} ${skip}+${limit}`).toEqual(
                whole.slice(skip, skip + limit),
              );
            }
          }
        }
      });

      it('findOne answers the first match in sort order, or null', async () => {
        const coll = await seed();
        expect((await coll.findOne({ status: 'confirmed' }, { sort: { partySize: 1 } }))?._id).toBe('r6');
        expect((await coll.findOne({ status: 'confirmed' }))?._id).toBe('r2');
        expect(await coll.findOne({ status: 'no-show' })).toBeNull();
      });

      it('counts all documents or those matching a filter', async () => {
        const coll = await seed();
        expect(await coll.count()).toBe(6);
        expect(await coll.count({ status: 'confirmed' })).toBe(3);
        expect(await coll.count({ 'contact.email': { $regex: 'example\\.com$' } })).toBe(4);
        expect(await store.collection('empty').count()).toBe(0);
      });
    });

    describe('collections', () => {
      it('lists the collections written to, and forgets dropped ones', async () => {
        await seed('reservations');
        await seed('blockedDates');
        expect(await store.listCollections()).toEqual(expect.arrayContaining(['reservations', 'blockedDates']));
        await store.dropCollection('blockedDates');
        const names = await store.listCollections();
        expect(names).toContain('reservations');
        expect(names).not.toContain('blockedDates');
        expect(await store.collection('blockedDates').count()).toBe(0);
      });

      it('dropping a collection that does not exist is no error', async () => {
        await expect(store.dropCollection('never-written')).resolves.toBeUndefined();
      });

      it('renameCollection replaces the target with the source, and the source is gone', async () => {
        const target = await seed('reservations');
        const source = store.collection('reservations__rebuild');
        await source.putMany([{ _id: 'new', date: '2026-12-01' }]);

        await store.renameCollection('reservations__rebuild', 'reservations');

        expect(await target.find()).toEqual([{ _id: 'new', date: '2026-12-01' }]);
        expect(await store.collection('reservations').get('r1')).toBeNull();
        expect(await store.collection('reservations__rebuild').count()).toBe(0);
        const names = await store.listCollections();
        expect(names).toContain('reservations');
        expect(names).not.toContain('reservations__rebuild');
      });

      it('renameCollection to a new name moves the documents', async () => {
        await seed('old');
        await store.renameCollection('old', 'fresh');
        expect(await store.collection('fresh').count()).toBe(bookings.length);
        expect(await store.collection('old').count()).toBe(0);
      });

      it('renaming a collection that was never written empties the target (a rebuild of nothing)', async () => {
        await seed('reservations');
        await store.renameCollection('reservations__rebuild', 'reservations');
        expect(await store.collection('reservations').count()).toBe(0);
      });
    });
  });
}
