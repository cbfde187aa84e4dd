import { describe, expect, it } from 'vitest';
import { FakeEventStoreDbServer } from '../event-store/eventstoredb-fake-server.js';
import { EventStoreDbEventStore } from '../event-store/eventstoredb-event-store.js';
import type { EventStore } from '../event-store/event-store.js';
import { event, streamId } from '../event-store/event-store.contract.js';
import { MemoryDocumentStore } from '../document-store/memory-document-store.js';
import { CHECKPOINTS } from '../projections/projection-engine.js';
import { storedProjectionStatus } from '../projections/projection-status.js';
import { createMetrics } from '../metrics/metrics.js';
import { readiness } from './monitoring.js';
import type { Config } from '../config.js';

/** Issue 26 #4 and #10 as /readyz answers them (#1: notifications-readyz.int.test.ts). */

/** A gateway on the real servers: no engine, the projector's checkpoints in the document store. */
function gatewayOn(events: EventStore, documents: MemoryDocumentStore, maxLag: number) {
  return {
    config: { store: 'eventstoredb', readyzMaxLag: maxLag, readyzMinFreeMb: 0, dataDir: '/nonexistent' } as Config,
    engine: null,
    metrics: createMetrics(),
    projectionStatus: () => storedProjectionStatus({ eventStore: events, documents, projectionNames: ['counts'], lagLimit: maxLag + 1 }),
  };
}

describe('/readyz on the real servers (stand-in EventStoreDB client)', () => {
  it('when a checkpoint lies beyond the head of the log (a restore), then 503 "ahead-of-log", not 200', async () => {
    const server = new FakeEventStoreDbServer();
    const events = new EventStoreDbEventStore(server.client());
    const documents = new MemoryDocumentStore();
    await events.appendToStream(streamId('count'), [event('Counted', {})]);
    const head = await events.headPosition();
    await documents
      .collection(CHECKPOINTS)
      .putMany([{ _id: 'counts', position: String(head + 500n), updatedAt: new Date().toISOString() }]);
    const { ready, body } = await readiness(gatewayOn(events, documents, 1000));
    expect(ready).toBe(false);
    expect(body).toMatchObject({ status: 'ahead-of-log', behind: [{ name: 'counts', lag: -500 }] });
    expect(body.message).toMatch(/beyond the head of the event log/);
    await events.close();
  });

  it.each([
    ['the adapter', (store: EventStoreDbEventStore): EventStore => store],
    [
      'a decorator that does not pass countEvents on (the encrypting store)',
      (store: EventStoreDbEventStore): EventStore => ({
        kind: store.kind,
        atomicAppends: store.atomicAppends,
        appendToStream: (...args) => store.appendToStream(...args),
        appendToStreams: (...args) => store.appendToStreams(...args),
        readStream: (...args) => store.readStream(...args),
        readAll: (...args) => store.readAll(...args),
        subscribeToAll: (...args) => store.subscribeToAll(...args),
        headPosition: () => store.headPosition(),
        close: () => store.close(),
      }),
    ],
  ])(
    'when a burst of large events follows the checkpoint, then the lag is in events and stays within READYZ_MAX_LAG (%s)',
    async (_name, wrap) => {
      const server = new FakeEventStoreDbServer();
      const events = wrap(new EventStoreDbEventStore(server.client()));
      const documents = new MemoryDocumentStore();
      await events.appendToStream(streamId('count'), [event('Counted', {})]);
      const checkpoint = await events.headPosition();
      await documents
        .collection(CHECKPOINTS)
        .putMany([{ _id: 'counts', position: String(checkpoint), updatedAt: new Date().toISOString() }]);
      await events.appendToStream(
        streamId('count'),
        Array.from({ length: 8 }, () => event('Counted', { note: 'x'.repeat(2_000) })),
      );
      expect(Number((await events.headPosition()) - checkpoint)).toBeGreaterThan(10);
      const { ready, body } = await readiness(gatewayOn(events, documents, 10));
      expect(body.projections[0]!.lag).toBe(8);
      expect(ready).toBe(true);
      await events.appendToStream(
        streamId('count'),
        Array.from({ length: 5 }, () => event('Counted', {})),
      );
      const later = await readiness(gatewayOn(events, documents, 10));
      expect(later).toMatchObject({ ready: false, body: { status: 'behind', behind: [{ name: 'counts', lag: 11 }] } });
      await events.close();
    },
  );
});
