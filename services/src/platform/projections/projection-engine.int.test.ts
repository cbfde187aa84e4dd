import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { EventStore, ReadAllOptions, RecordedEvent, SubscribeOptions } from '../event-store/event-store.js';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { event } from '../event-store/event-store.contract.js';
import type { CollectionWrites, Doc, DocumentStore } from '../document-store/document-store.js';
import { MemoryDocumentStore } from '../document-store/memory-document-store.js';
import { SqliteDocumentStore } from '../document-store/sqlite-document-store.js';
import { APPLIED_AT, defineProjection, stripMeta } from './projection.js';
import { ALL_APPLIED, CHECKPOINTS, ProjectionEngine } from './projection-engine.js';

/** One document per booking; a cancellation deletes it. */
interface BookingDoc extends Doc {
  date: string;
  guests: number;
  changes: number;
}
const bookings = defineProjection<BookingDoc>({
  name: 'bookings',
  handles: ['Booked', 'Changed', 'Cancelled'],
  documentIds: (e) => [(e.data as { id: string }).id],
  evolve: (doc, e, id) => {
    const data = e.data as { id: string; date?: string; guests?: number };
    switch (e.type) {
      case 'Booked':
        return { _id: id, date: data.date!, guests: data.guests ?? 2, changes: 0 };
      case 'Changed':
        return doc && { ...doc, ...(data.guests !== undefined ? { guests: data.guests } : {}), changes: doc.changes + 1 };
      case 'Cancelled':
        return null;
      default:
        return doc;
    }
  },
});

/** A counter per date: not idempotent by itself, so applying an event twice would show. */
interface DayDoc extends Doc {
  bookings: number;
  guests: number;
}
const days = defineProjection<DayDoc>({
  name: 'days',
  handles: ['Booked'],
  documentIds: (e) => [(e.data as { date: string }).date],
  evolve: (doc, e, id) => {
    const data = e.data as { guests?: number };
    return { _id: id, bookings: (doc?.bookings ?? 0) + 1, guests: (doc?.guests ?? 0) + (data.guests ?? 2) };
  },
});

const root = mkdtempSync(join(tmpdir(), 'projection-engine-'));
let files = 0;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function openEvents(): SqliteEventStore {
  const store = new SqliteEventStore(join(root, `events-${++files}.sqlite`));
  cleanups.push(() => store.close());
  return store;
}

function engineOn(events: EventStore, documents: DocumentStore, batchSize?: number): ProjectionEngine {
  const engine = new ProjectionEngine(events, documents, [bookings, days], { batchSize });
  cleanups.push(() => engine.stop());
  return engine;
}

const book = (id: string, date: string, guests = 2) => event('Booked', { id, date, guests });
const change = (id: string, guests: number) => event('Changed', { id, guests });
const cancel = (id: string) => event('Cancelled', { id });

/** The read models as readers see them: `_appliedAt` says which batch wrote a document, not what it holds. */
async function snapshot(documents: DocumentStore, names = ['bookings', 'days']): Promise<Record<string, Doc[]>> {
  const out: Record<string, Doc[]> = {};
  for (const name of names) out[name] = (await documents.collection(name).find()).map((d) => stripMeta(d) as Doc);
  return out;
}

describe('ProjectionEngine (SQLite events, documents in memory)', () => {
  it('applies stored events to the documents they name, and is caught up when start resolves', async () => {
    const events = openEvents();
    await events.appendToStream('booking-1', [book('1', '2026-11-20', 4)]);
    await events.appendToStream('booking-2', [book('2', '2026-11-20', 3)]);
    await events.appendToStream('booking-1', [change('1', 6), change('1', 5)]);
    await events.appendToStream('booking-3', [book('3', '2026-11-21')]);
    await events.appendToStream('unrelated-1', [event('SomethingElse', { id: '1', date: '2026-11-20' })]);
    const documents = new MemoryDocumentStore();

    await engineOn(events, documents).start();

    expect((await documents.collection('bookings').find()).map((d) => stripMeta(d))).toEqual([
      { _id: '1', date: '2026-11-20', guests: 5, changes: 2 },
      { _id: '2', date: '2026-11-20', guests: 3, changes: 0 },
      { _id: '3', date: '2026-11-21', guests: 2, changes: 0 },
    ]);
    expect((await documents.collection('days').find()).map((d) => stripMeta(d))).toEqual([
      { _id: '2026-11-20', bookings: 2, guests: 7 },
      { _id: '2026-11-21', bookings: 1, guests: 2 },
    ]);
  });

  it('deletes the document when the projection returns null', async () => {
    const events = openEvents();
    const documents = new MemoryDocumentStore();
    const engine = engineOn(events, documents);
    await engine.start();
    await events.appendToStream('booking-1', [book('1', '2026-11-20')]);
    const booked = await events.appendToStream('booking-2', [book('2', '2026-11-20')]);
    await engine.waitFor(booked.position);
    expect(await documents.collection('bookings').get('1')).not.toBeNull();

    const cancelled = await events.appendToStream('booking-1', [cancel('1')]);
    await engine.waitFor(cancelled.position);
    expect(await documents.collection('bookings').get('1')).toBeNull();
    expect(await documents.collection('bookings').count()).toBe(1);
  });

  it('waitFor resolves once the documents of that write are stored', async () => {
    const events = openEvents();
    const documents = new MemoryDocumentStore();
    const engine = engineOn(events, documents);
    await engine.start();

    for (let i = 1; i <= 5; i++) {
      const result = await events.appendToStream(`booking-${i}`, [book(String(i), '2026-11-22', i)]);
      await engine.waitFor(result.position);
      // No sleep, no retry: the document is there the moment waitFor resolves.
      expect((await documents.collection<BookingDoc>('bookings').get(String(i)))?.guests).toBe(i);
      expect((await documents.collection<DayDoc>('days').get('2026-11-22'))?.bookings).toBe(i);
    }
  });

  it('waitFor rejects when the read models do not reach the position in time', async () => {
    const events = openEvents();
    const engine = engineOn(events, new MemoryDocumentStore());
    await engine.start();
    const result = await events.appendToStream('booking-1', [book('1', '2026-11-20')]);
    await engine.waitFor(result.position);

    const started = Date.now();
    await expect(engine.waitFor(result.position + 1000n, 150)).rejects.toThrow(/did not reach position/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('stores a projection’s checkpoint with its documents, everyone’s at stop, and the one for all with every batch', async () => {
    const events = openEvents();
    const documents = new MemoryDocumentStore();
    const engine = engineOn(events, documents);
    await engine.start();
    const booked = await events.appendToStream('booking-1', [book('1', '2026-11-20')]);
    const last = await events.appendToStream('other-1', [event('SomethingElse', {})]);
    await engine.waitFor(last.position);

    const stored = async () => (await documents.collection(CHECKPOINTS).find({}, { sort: { _id: 1 } })).map((c) => [c._id, c.position]);
    // Neither projection handles the second event: their checkpoints wait (a second at most), the one for all does not.
    expect(await stored()).toEqual([
      [ALL_APPLIED, last.position.toString()],
      ['bookings', booked.position.toString()],
      ['days', booked.position.toString()],
    ]);
    const status = await engine.status();
    expect(status.map((s) => [s.name, s.lag])).toEqual([
      ['bookings', 0],
      ['days', 0],
    ]);
    await engine.stop();
    expect(await stored()).toEqual([
      [ALL_APPLIED, last.position.toString()],
      ['bookings', last.position.toString()],
      ['days', last.position.toString()],
    ]);
    const checkpoints = await documents.collection(CHECKPOINTS).find();
    expect(Date.parse(String(checkpoints[0]!.updatedAt))).not.toBeNaN();
  });

  it('stores every projection’s checkpoint within a second of a quiet spell', async () => {
    const events = openEvents();
    const documents = new MemoryDocumentStore();
    const engine = engineOn(events, documents);
    await engine.start();
    await events.appendToStream('booking-1', [book('1', '2026-11-20')]);
    const last = await events.appendToStream('other-1', [event('SomethingElse', {})]);
    await engine.waitFor(last.position);
    await vi.waitFor(
      async () => {
        const docs = await documents.collection(CHECKPOINTS).find({ _id: { $in: ['bookings', 'days'] } });
        expect(docs.map((c) => c.position)).toEqual([last.position.toString(), last.position.toString()]);
      },
      { timeout: 2_500, interval: 50 },
    );
    await engine.stop();
  });

  it('resumes from its checkpoint after a restart, applying only what is new', async () => {
    const events = openEvents();
    const documents = new MemoryDocumentStore();
    const first = engineOn(events, documents);
    await first.start();
    await events.appendToStream('booking-1', [book('1', '2026-11-20')]);
    await first.stop();

    await events.appendToStream('booking-2', [book('2', '2026-11-20', 5)]);
    const delivered: bigint[] = [];
    const spy = spyingEvents(events, (e) => delivered.push(e.position));
    const second = engineOn(spy, documents);
    await second.start();

    expect(delivered).toHaveLength(1);
    expect(await documents.collection<DayDoc>('days').get('2026-11-20')).toMatchObject({ bookings: 2, guests: 7 });
  });

  it('is idempotent: restarting from an older checkpoint changes nothing', async () => {
    const events = openEvents();
    const documents = new MemoryDocumentStore();
    await events.appendToStream('booking-1', [book('1', '2026-11-20', 4), change('1', 6)]);
    await events.appendToStream('booking-2', [book('2', '2026-11-20', 3), cancel('2')]);
    await events.appendToStream('booking-3', [book('3', '2026-11-21', 2)]);
    const first = engineOn(events, documents);
    await first.start();
    await first.stop();
    const before = await snapshot(documents);

    // Lose the checkpoints, as if the projector crashed after writing documents but before them.
    await documents.collection(CHECKPOINTS).putMany([
      { _id: 'bookings', position: '0', updatedAt: new Date().toISOString() },
      { _id: 'days', position: '1', updatedAt: new Date().toISOString() },
    ]);
    const second = engineOn(events, documents);
    await second.start();

    // The cancelled booking 2 comes back while replaying and is deleted again by the same replay.
    expect(await snapshot(documents)).toEqual(before);
    expect((await documents.collection<DayDoc>('days').get('2026-11-20'))?.bookings).toBe(2);
  });

  it('is idempotent: an event delivered twice is applied once', async () => {
    const events = openEvents();
    await events.appendToStream('booking-1', [book('1', '2026-11-20', 4), change('1', 6)]);
    await events.appendToStream('booking-2', [book('2', '2026-11-20', 3)]);

    const once = new MemoryDocumentStore();
    await engineOn(events, once).start();
    const twice = new MemoryDocumentStore();
    await engineOn(duplicatingEvents(events), twice).start();

    expect(await snapshot(twice)).toEqual(await snapshot(once));
    expect((await twice.collection<DayDoc>('days').get('2026-11-20'))?.bookings).toBe(2);
    expect((await twice.collection<BookingDoc>('bookings').get('1'))?.changes).toBe(1);
  });

  it('writes documents and checkpoints in batches, not one write per event', async () => {
    const events = openEvents();
    for (let i = 0; i < 50; i++)
      await events.appendToStream(`booking-${i}`, [book(String(i), `2026-12-${String((i % 28) + 1).padStart(2, '0')}`)]);
    const documents = countingDocuments(new MemoryDocumentStore());
    await engineOn(events, documents, 10).start();

    expect(await documents.collection('bookings').count()).toBe(50);
    // 50 events, batches of 10: five writes per collection (a sixth at most for the tail).
    expect(documents.putManyCalls.get('bookings')).toBeGreaterThanOrEqual(5);
    expect(documents.putManyCalls.get('bookings')).toBeLessThanOrEqual(6);
    expect(documents.putManyCalls.get(CHECKPOINTS)).toBeLessThanOrEqual(6);
    expect(documents.maxBatch.get('bookings')).toBe(10);
  });

  it('rebuild from 0 produces the documents live application produced', async () => {
    const events = openEvents();
    const documents = new MemoryDocumentStore();
    const engine = engineOn(events, documents, 7);
    await engine.start();
    let last = 0n;
    for (let i = 0; i < 40; i++) {
      const id = String(i % 15);
      const e = i < 15 ? book(id, `2026-11-${20 + (i % 5)}`, (i % 6) + 1) : i % 4 === 0 ? cancel(id) : change(id, i % 9);
      last = (await events.appendToStream(`booking-${id}`, [e])).position;
    }
    await engine.waitFor(last);
    const live = await snapshot(documents);

    const result = await engine.rebuild();

    expect(result.projections).toEqual(['bookings', 'days']);
    expect(result.events).toBeGreaterThanOrEqual(40);
    expect(await snapshot(documents)).toEqual(live);
    expect(await documents.listCollections()).not.toContain('bookings__rebuild');
    const checkpoints = await documents.collection(CHECKPOINTS).find();
    expect(checkpoints.map((c) => c.position)).toEqual([last.toString(), last.toString(), last.toString()]);
  });

  it('rebuild replaces documents that drifted, and only for the projections named', async () => {
    const events = openEvents();
    const documents = new MemoryDocumentStore();
    const engine = engineOn(events, documents);
    await engine.start();
    const r = await events.appendToStream('booking-1', [book('1', '2026-11-20', 4)]);
    await engine.waitFor(r.position);
    // A stale document from an older version of the projection, and a stray one.
    await documents
      .collection('bookings')
      .putMany([{ _id: '1', date: 'wrong', guests: 0, changes: 9, [APPLIED_AT]: 999 }, { _id: 'stray' }]);
    await documents.collection('days').putMany([{ _id: 'stray-day' }]);

    await expect(engine.rebuild(['nope'])).rejects.toThrow(/Unknown projection/);
    await engine.rebuild(['bookings']);

    expect((await documents.collection('bookings').find()).map((d) => stripMeta(d))).toEqual([
      { _id: '1', date: '2026-11-20', guests: 4, changes: 0 },
    ]);
    expect(await documents.collection('days').get('stray-day')).not.toBeNull();
  });

  it('rebuild switches over while new events keep arriving, and read-your-writes holds throughout', async () => {
    const events = openEvents();
    const inner = new MemoryDocumentStore();
    const documents = gatedDocuments(inner, (collection) => collection.endsWith('__rebuild'));
    const engine = engineOn(events, documents, 5);
    await engine.start();
    for (let i = 0; i < 20; i++) await events.appendToStream(`booking-${i}`, [book(String(i), '2026-11-20', 1)]);
    await engine.waitFor(await events.headPosition());

    const rebuilding = engine.rebuild();
    await documents.gateReached;
    // The rebuild is stuck writing its shadow collection; the live read models keep answering.
    const during = await events.appendToStream('booking-during', [book('during', '2026-11-20', 3)]);
    await engine.waitFor(during.position, 2000);
    expect(await inner.collection('bookings').get('during')).not.toBeNull();
    expect((await inner.collection<DayDoc>('days').get('2026-11-20'))?.bookings).toBe(21);

    // Keep writing while the rebuild finishes.
    documents.open();
    let last = during.position;
    const writer = (async () => {
      for (let i = 0; i < 15; i++) {
        last = (await events.appendToStream(`booking-late-${i}`, [book(`late-${i}`, '2026-11-21', 2)])).position;
        await new Promise((r) => setImmediate(r));
      }
    })();
    await Promise.all([rebuilding, writer]);
    await engine.waitFor(last);

    const fresh = new MemoryDocumentStore();
    await engineOn(events, fresh).start();
    expect(await snapshot(inner)).toEqual(await snapshot(fresh));
    expect((await inner.collection<DayDoc>('days').get('2026-11-21'))?.bookings).toBe(15);
    expect(await inner.listCollections()).not.toContain('days__rebuild');
  });
});

/** The event store, with a callback on every event a subscription delivers. */
/** The event store, reporting every event it hands to the engine: read while catching up, or delivered live. */
function spyingEvents(events: EventStore, onEvent: (e: RecordedEvent) => void): EventStore {
  return Object.assign(Object.create(events) as EventStore, {
    readAll: async (options?: ReadAllOptions) => {
      const page = await events.readAll(options);
      page.forEach(onEvent);
      return page;
    },
    subscribeToAll: (handler: (e: RecordedEvent) => Promise<void> | void, options?: SubscribeOptions) =>
      events.subscribeToAll((e) => {
        onEvent(e);
        return handler(e);
      }, options),
  });
}

/** The event store, delivering every event twice (an at-least-once transport). */
function duplicatingEvents(events: EventStore): EventStore {
  return Object.assign(Object.create(events) as EventStore, {
    subscribeToAll: (handler: (e: RecordedEvent) => Promise<void> | void, options?: SubscribeOptions) =>
      events.subscribeToAll(async (e) => {
        await handler(e);
        await handler(structuredClone(e));
      }, options),
  });
}

type CountingStore = DocumentStore & { putManyCalls: Map<string, number>; maxBatch: Map<string, number> };

function countingDocuments(inner: DocumentStore): CountingStore {
  const putManyCalls = new Map<string, number>();
  const maxBatch = new Map<string, number>();
  return Object.assign(Object.create(inner) as DocumentStore, {
    putManyCalls,
    maxBatch,
    applyBatch: async (writes: CollectionWrites[]) => {
      for (const { collection, puts } of writes) {
        if (!puts.length) continue;
        putManyCalls.set(collection, (putManyCalls.get(collection) ?? 0) + 1);
        maxBatch.set(collection, Math.max(maxBatch.get(collection) ?? 0, puts.length));
      }
      await inner.applyBatch(writes);
    },
  });
}

type GatedStore = DocumentStore & { gateReached: Promise<void>; open(): void };

/** Holds every batch that writes to the matching collections until open() is called. */
function gatedDocuments(inner: DocumentStore, gated: (collection: string) => boolean): GatedStore {
  let reached!: () => void;
  const gateReached = new Promise<void>((r) => (reached = r));
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return Object.assign(Object.create(inner) as DocumentStore, {
    gateReached,
    open: () => open(),
    applyBatch: async (writes: CollectionWrites[]) => {
      if (writes.some((w) => gated(w.collection) && w.puts.length)) {
        reached();
        await opened;
      }
      await inner.applyBatch(writes);
    },
  });
}

describe('ProjectionEngine on persisted read models (SQLite documents)', () => {
  const openDocuments = (file: string) => {
    const store = new SqliteDocumentStore(file);
    cleanups.push(() => store.close());
    return store;
  };

  it('after a restart loads the documents and applies only the events since its checkpoints: the same answers as a full replay', async () => {
    const events = openEvents();
    const file = join(root, `read-models-${++files}.sqlite`);
    for (let i = 0; i < 300; i++) await events.appendToStream(`booking-${i}`, [book(String(i), `2026-11-${10 + (i % 20)}`, 1 + (i % 9))]);
    const firstDocuments = openDocuments(file);
    const first = engineOn(events, firstDocuments);
    await first.start();
    await first.stop();
    // As the gateway does at shutdown: what the file has not taken yet is written then.
    await firstDocuments.close();

    for (let i = 0; i < 40; i++)
      await events.appendToStream(`booking-${i}`, [i % 2 ? change(String(i), 7) : cancel(String(i))], { expectedRevision: 0n });
    const delivered: bigint[] = [];
    const restarted = openDocuments(file);
    await engineOn(
      spyingEvents(events, (e) => delivered.push(e.position)),
      restarted,
    ).start();
    expect(delivered).toHaveLength(40);

    const replayed = new MemoryDocumentStore();
    await engineOn(events, replayed).start();
    expect(await snapshot(restarted)).toEqual(await snapshot(replayed));
  });

  it('rebuilds a projection whose version changed beside the old documents, which keep answering until the switch', async () => {
    const events = openEvents();
    const file = join(root, `read-models-${++files}.sqlite`);
    await events.appendToStream('booking-1', [book('1', '2026-11-20', 4)]);
    await events.appendToStream('booking-2', [book('2', '2026-11-20', 3)]);
    const first = engineOn(events, openDocuments(file));
    await first.start();
    await first.stop();

    // Version 2 of `days` also counts the largest party of the day.
    const daysV2 = defineProjection<DayDoc & { largest: number }>({
      ...days,
      version: 2,
      evolve: (doc, e, id) => {
        const guests = (e.data as { guests?: number }).guests ?? 2;
        return {
          _id: id,
          bookings: (doc?.bookings ?? 0) + 1,
          guests: (doc?.guests ?? 0) + guests,
          largest: Math.max(doc?.largest ?? 0, guests),
        };
      },
    });
    const documents = openDocuments(file);
    const engine = new ProjectionEngine(events, documents, [bookings, daysV2]);
    cleanups.push(() => engine.stop());
    await engine.start();
    // Ready at once, on the old documents.
    expect(engine.isReady).toBe(true);
    expect(await documents.collection('days').get('2026-11-20')).toMatchObject({ bookings: 2, guests: 7 });
    await engine.outdatedRebuild;
    expect(stripMeta((await documents.collection('days').get('2026-11-20'))!)).toEqual({
      _id: '2026-11-20',
      bookings: 2,
      guests: 7,
      largest: 4,
    });
    expect(await documents.collection(CHECKPOINTS).get('days')).toMatchObject({ version: 2 });
  });
});
