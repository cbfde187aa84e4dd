import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent, SubscribeOptions, Subscription } from '../event-store/event-store.js';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { event, waitUntil } from '../event-store/event-store.contract.js';
import type { CollectionWrites, Doc } from '../document-store/document-store.js';
import { MemoryDocumentStore } from '../document-store/memory-document-store.js';
import { APPLIED_AT, defineProjection } from './projection.js';
import { ALL_APPLIED, CHECKPOINTS, ProjectionEngine } from './projection-engine.js';
import { checkpointWaiter } from './read-models.js';
import { storedProjectionStatus } from './projection-status.js';

/** Issue 26 #4, #6, #8 and #9: the engine after a restore, a changed index, a refused flush, a hung store. */
const counts = defineProjection<Doc & { n: number }>({
  name: 'counts',
  handles: ['Counted'],
  documentIds: (e) => [(e.data as { key: string }).key],
  evolve: (doc, _e, id) => ({ _id: id, n: (doc?.n ?? 0) + 1 }),
  indexes: [{ name: 'by_n', key: { n: 1 } }],
});

/** MongoDB stepping down, a changed index definition: the store refuses what it is told to. */
class FaultyStore extends MemoryDocumentStore {
  refuse = 0;
  indexError: Error | null = null;
  override async applyBatch(writes: CollectionWrites[]): Promise<void> {
    if (this.refuse > 0) {
      this.refuse--;
      throw new Error('connection reset by peer');
    }
    return super.applyBatch(writes);
  }
  async ensureIndexes(): Promise<void> {
    if (this.indexError) throw this.indexError;
  }
}

/** The event store's subscriptions can be dropped, as a server restart does. */
function droppable(store: EventStore): EventStore & { drop(): void } {
  const live = new Set<SubscribeOptions>();
  return Object.assign(delegateTo(store), {
    subscribeToAll(handler: (e: RecordedEvent) => Promise<void> | void, options: SubscribeOptions = {}): Subscription {
      const inner = store.subscribeToAll(handler, options);
      live.add(options);
      return {
        close: async () => {
          live.delete(options);
          await inner.close();
        },
      };
    },
    drop() {
      for (const options of [...live]) {
        live.delete(options);
        options.onError?.(new Error('14 UNAVAILABLE: Connection dropped'));
      }
    },
  });
}

/** Every method of the store, called on the store itself (its fields stay its own). */
function delegateTo(store: EventStore): EventStore {
  return {
    kind: store.kind,
    atomicAppends: store.atomicAppends,
    appendToStream: (...args) => store.appendToStream(...args),
    appendToStreams: (...args) => store.appendToStreams(...args),
    readStream: (...args) => store.readStream(...args),
    readAll: (...args) => store.readAll(...args),
    subscribeToAll: (...args) => store.subscribeToAll(...args),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}

const root = mkdtempSync(join(tmpdir(), 'projection-recovery-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const freshLog = () => new SqliteEventStore(join(root, `events-${n++}.sqlite`));
const logLines: string[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });

describe('the projection engine, given documents stored ahead of their checkpoint (a crash between the two writes)', () => {
  it('when it starts again, then the events replayed from the older checkpoint are not counted twice', async () => {
    const events = freshLog();
    const documents = new MemoryDocumentStore();
    await events.appendToStream('count-1', [event('Counted', { key: 'a' }), event('Counted', { key: 'b' })]);
    const before = await events.headPosition();
    const first = new ProjectionEngine(events, documents, [counts], { logger });
    await first.start();
    await events.appendToStream('count-1', [event('Counted', { key: 'a' }), event('Counted', { key: 'a' })]);
    await first.waitFor(await events.headPosition());
    await first.stop();
    // The documents reached the store; the checkpoints written with them did not.
    const stale = { position: before.toString(), updatedAt: new Date().toISOString() };
    await documents.collection(CHECKPOINTS).putMany([
      { _id: 'counts', ...stale },
      { _id: ALL_APPLIED, ...stale },
    ]);

    const again = new ProjectionEngine(events, documents, [counts], { logger });
    await again.start();

    expect(await documents.collection('counts').find({}, { sort: { _id: 1 } })).toMatchObject([
      { _id: 'a', n: 3 },
      { _id: 'b', n: 1 },
    ]);
    await again.stop();
    await events.close();
  });
});

describe('the projection engine, given read-model checkpoints beyond the log (a restore)', () => {
  it('when it starts, then it rebuilds those read models from the log, loudly, instead of skipping what is below the checkpoint', async () => {
    const events = freshLog();
    const documents = new MemoryDocumentStore();
    await events.appendToStream('count-1', [
      event('Counted', { key: 'a' }),
      event('Counted', { key: 'a' }),
      event('Counted', { key: 'b' }),
    ]);
    const head = await events.headPosition();
    // Read models from a later backup than the log: their checkpoint and documents lie past its head.
    await documents
      .collection(CHECKPOINTS)
      .putMany([{ _id: 'counts', position: String(head + 1000n), updatedAt: new Date().toISOString() }]);
    await documents.collection('counts').putMany([{ _id: 'a', n: 99, [APPLIED_AT]: Number(head + 900n) }]);

    const engine = new ProjectionEngine(events, documents, [counts], { logger });
    await engine.start();
    expect(await documents.collection('counts').find({}, { sort: { _id: 1 } })).toMatchObject([
      { _id: 'a', n: 2 },
      { _id: 'b', n: 1 },
    ]);
    expect((await engine.status())[0]).toMatchObject({ checkpoint: head.toString(), lag: 0 });
    expect(logLines.join('')).toMatch(/beyond the head of the event log/);
    await engine.stop();
    await events.close();
  });

  it('when the checkpoint for all lies beyond the log, then a waiting gateway is not told a write is applied before it is', async () => {
    const events = freshLog();
    await events.appendToStream('count-1', [event('Counted', { key: 'a' })]);
    const head = await events.headPosition();
    // The read models' first write after the restore is held, so the moment before it can be looked at.
    let release!: () => void;
    let reached!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const atFirstWrite = new Promise<void>((resolve) => (reached = resolve));
    class HeldStore extends MemoryDocumentStore {
      override async applyBatch(writes: CollectionWrites[]): Promise<void> {
        reached();
        await held;
        return super.applyBatch(writes);
      }
    }
    const documents = new HeldStore();
    await documents
      .collection(CHECKPOINTS)
      .putMany([{ _id: ALL_APPLIED, position: String(head + 1000n), updatedAt: new Date().toISOString() }]);
    const engine = new ProjectionEngine(events, documents, [counts], { logger });
    const started = engine.start();
    await atFirstWrite;
    await expect(checkpointWaiter(documents, ['counts'], 10).waitFor(head, 150)).rejects.toThrow(/within 150 ms/);
    release();
    await started;
    await checkpointWaiter(documents, ['counts'], 10).waitFor(head, 1_000);
    await engine.stop();
    await events.close();
  });

  it('when a process that does not run the engine reads the checkpoints, then the lag is negative, not 0', async () => {
    const events = freshLog();
    const documents = new MemoryDocumentStore();
    await events.appendToStream('count-1', [event('Counted', { key: 'a' })]);
    const head = await events.headPosition();
    await documents.collection(CHECKPOINTS).putMany([{ _id: 'counts', position: String(head + 5n), updatedAt: new Date().toISOString() }]);
    const [status] = await storedProjectionStatus({ eventStore: events, documents, projectionNames: ['counts'] });
    expect(status!.lag).toBe(-5);
    await events.close();
  });
});

describe('the projection engine, given an index MongoDB refuses (a changed definition)', () => {
  it('when it starts, then it logs the refusal and projects anyway: no crash loop', async () => {
    const events = freshLog();
    const documents = new FaultyStore();
    documents.indexError = Object.assign(new Error('An equivalent index already exists with a different name'), { code: 85 });
    await events.appendToStream('count-1', [event('Counted', { key: 'a' })]);
    const engine = new ProjectionEngine(events, documents, [counts], { logger });
    await engine.start();
    expect(engine.isReady).toBe(true);
    expect(await documents.collection('counts').get('a')).toMatchObject({ n: 1 });
    expect(logLines.join('')).toMatch(/indexes of counts could not be made/);
    await engine.stop();
    await events.close();
  });
});

describe('the projection engine, given a refused flush after a resumed catch-up', () => {
  it('when the subscription drops and the first write after resubscribing fails, then it retries until ready again', async () => {
    const inner = freshLog();
    const events = droppable(inner);
    const documents = new FaultyStore();
    const engine = new ProjectionEngine(events, documents, [counts], { logger, resubscribeDelayMs: () => 50 });
    await engine.start();
    await inner.appendToStream('count-1', [event('Counted', { key: 'a' })]);
    await engine.waitFor(await inner.headPosition(), 5_000);

    documents.refuse = 3;
    events.drop();
    expect(engine.isReady).toBe(false);
    const last = await inner.appendToStream('count-1', [event('Counted', { key: 'a' })]);
    await waitUntil(() => engine.isReady, 8_000);
    expect(engine.behindBecause).toBeNull();
    await engine.waitFor(last.position, 5_000);
    expect(await documents.collection('counts').get('a')).toMatchObject({ n: 2 });
    await engine.stop();
    await inner.close();
  }, 15_000);
});

describe('the checkpoint waiter (a gateway on the real servers), given MongoDB that stops answering', () => {
  it('when a query hangs, then the wait still ends at its deadline', async () => {
    const documents = new MemoryDocumentStore();
    const hung = Object.assign(Object.create(documents) as MemoryDocumentStore, {
      collection: () => ({ find: () => new Promise(() => undefined), get: () => new Promise(() => undefined) }),
    });
    const waiter = checkpointWaiter(hung, ['counts'], 10);
    const started = Date.now();
    await expect(waiter.waitFor(1n, 150)).rejects.toThrow(/within 150 ms/);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe('the checkpoint waiter, given a projector that stores its projections’ checkpoints lazily', () => {
  const stored = (documents: MemoryDocumentStore, docs: { _id: string; position: string }[]) =>
    documents.collection(CHECKPOINTS).putMany(docs.map((d) => ({ ...d, updatedAt: new Date().toISOString() })));

  it('when the checkpoint for all has passed the write, then the wait ends although a projection’s own lags', async () => {
    const documents = new MemoryDocumentStore();
    await stored(documents, [
      { _id: ALL_APPLIED, position: '9' },
      { _id: 'counts', position: '3' },
    ]);
    await checkpointWaiter(documents, ['counts'], 10).waitFor(9n, 200);
    await expect(checkpointWaiter(documents, ['counts'], 10).waitFor(10n, 100)).rejects.toThrow(/within 100 ms/);
  });

  it('when a projector from before it stored only each projection’s own, then those still count', async () => {
    const documents = new MemoryDocumentStore();
    await stored(documents, [{ _id: 'counts', position: '9' }]);
    await checkpointWaiter(documents, ['counts'], 10).waitFor(9n, 200);
  });
});
