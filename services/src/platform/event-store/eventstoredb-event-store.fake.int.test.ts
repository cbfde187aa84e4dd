import { describe, expect, it } from 'vitest';
import { FakeEventStoreDbServer } from './eventstoredb-fake-server.js';
import { event, eventStoreContract, streamId, waitUntil } from './event-store.contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';
import { MemoryDocumentStore } from '../document-store/memory-document-store.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { defineProjection } from '../projections/projection.js';

const server = new FakeEventStoreDbServer();
eventStoreContract('EventStoreDB adapter on a stand-in client', () => new EventStoreDbEventStore(server.client()));

describe('EventStoreDbEventStore paging on a stand-in client', () => {
  it('reads $all across many pages, skipping system events, with exclusive positions', async () => {
    const store = new EventStoreDbEventStore(server.client());
    const head = await store.headPosition();
    const stream = streamId('reservation');
    for (let i = 0; i < 12; i++)
      await store.appendToStream(
        stream,
        Array.from({ length: 100 }, (_, j) => event('ReservationChanged', { n: i * 100 + j })),
      );
    expect(server.log.filter((e) => e.type.startsWith('$')).length).toBeGreaterThan(100);

    const all = await store.readAll({ after: head });
    expect(all.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 1200 }, (_, i) => i));
    expect((await store.readAll({ after: head, maxCount: 700 })).length).toBe(700);
    const after = await store.readAll({ after: all[499]!.position, maxCount: 2 });
    expect(after.map((e) => (e.data as { n: number }).n)).toEqual([500, 501]);
    expect(await store.headPosition()).toBe(all.at(-1)!.position);
    await store.close();
  });

  it('calls onCaughtUp only after the handler has seen every event that preceded the marker', async () => {
    const store = new EventStoreDbEventStore(server.client());
    const head = await store.headPosition();
    // More events than the adapter lets wait for its handler: the stream is paused, and the marker
    // arrives while events are still buffered.
    for (let i = 0; i < 12; i++) {
      await store.appendToStream(
        streamId('reservation'),
        Array.from({ length: 100 }, (_, n) => event('ReservationRequested', { n })),
      );
    }
    let handled = 0;
    let handledAtCaughtUp = -1;
    const subscription = store.subscribeToAll(
      async () => {
        await new Promise((r) => setImmediate(r));
        handled++;
      },
      { after: head, onCaughtUp: () => (handledAtCaughtUp = handled) },
    );
    await waitUntil(() => handledAtCaughtUp >= 0);
    expect(handledAtCaughtUp).toBe(1200);
    await subscription.close();
    await store.close();
  });
});

describe('the stand-in server, given positions that are byte offsets in its log', () => {
  it('when events are appended, then they lie as many bytes apart as they are large, and a read or subscription from inside one is refused', async () => {
    const store = new EventStoreDbEventStore(new FakeEventStoreDbServer().client());
    await store.appendToStream(streamId('sized'), [event('Counted', { note: 'x' })]);
    const small = await store.headPosition();
    await store.appendToStream(streamId('sized'), [event('Counted', { note: 'x'.repeat(5_000) })]);
    const large = await store.headPosition();
    await store.appendToStream(streamId('sized'), [event('Counted', {})]);
    const head = await store.headPosition();
    expect(large - small).toBeLessThan(1_000);
    expect(head - large).toBeGreaterThan(5_000);

    // From an event's position: fine. One byte before the next event, as "lowest held - 1" was: refused.
    expect((await store.readAll({ after: small })).length).toBe(2);
    await expect(store.readAll({ after: large - 1n })).rejects.toThrow(/Invalid position/);
    const errors: unknown[] = [];
    const subscription = store.subscribeToAll(() => undefined, { after: head - 1n, onError: (e) => errors.push(e) });
    await waitUntil(() => errors.length > 0);
    expect(String(errors[0])).toMatch(/Invalid position/);
    await subscription.close();
    await store.close();
  });
});

describe('the projection engine on the EventStoreDB adapter when the subscription drops', () => {
  it('resubscribes from its checkpoint: every event applied once, in order, none skipped, and unhealthy meanwhile', async () => {
    const store = new EventStoreDbEventStore(server.client());
    const documents = new MemoryDocumentStore();
    const start = await store.headPosition();
    // Every delivery the projection sees, by position: a duplicate or a gap shows here.
    const seen: bigint[] = [];
    const tally = defineProjection({
      name: 'tally',
      handles: ['Counted'],
      documentIds: (e) => [(e.data as { key: string }).key],
      evolve: (doc, e, id) => {
        seen.push(e.position);
        return { _id: id, n: Number(doc?.n ?? 0) + 1 };
      },
    });
    const append = (from: number, count: number) =>
      store.appendToStream(
        streamId('tally'),
        Array.from({ length: count }, (_, i) => event('Counted', { key: `k${(from + i) % 7}`, i: from + i })),
      );
    await append(0, 50);
    const engine = new ProjectionEngine(store, documents, [tally], { resubscribeDelayMs: () => 300 });
    await engine.start();
    expect(engine.isReady).toBe(true);

    // A large append reaches the live subscription; the server drops it while events are still in flight.
    const writing = append(50, 400);
    await waitUntil(() => seen.length > 60);
    expect(server.dropSubscriptions()).toBeGreaterThan(0);
    // The drop reaches the engine once the events delivered before it are applied.
    await waitUntil(() => !engine.isReady);
    expect(engine.behindBecause).toMatch(/UNAVAILABLE/);
    await writing;
    await append(450, 50);

    const head = await store.headPosition();
    await engine.waitFor(head, 5000);
    await waitUntil(() => engine.isReady);
    expect(engine.behindBecause).toBeNull();
    const stored = (await store.readAll({ after: start })).filter((e) => e.type === 'Counted').map((e) => e.position);
    expect(stored).toHaveLength(500);
    expect(seen).toEqual(stored);
    const counts = await documents.collection('tally').find({});
    expect(counts.reduce((sum, doc) => sum + Number(doc.n), 0)).toBe(500);
    await engine.stop();
    await store.close();
  });
});
