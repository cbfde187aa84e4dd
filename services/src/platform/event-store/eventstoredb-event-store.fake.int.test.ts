import { randomUUID } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
  type EventData,
  type EventStoreDBClient,
  type Position as ClientPosition,
  type ReadPosition,
  type ReadRevision,
} from '@eventstore/db-client';
import { event, eventStoreContract, streamId, waitUntil } from './event-store.contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';
import { MemoryDocumentStore } from '../document-store/memory-document-store.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { defineProjection } from '../projections/projection.js';

/**
 * Without Docker the real server cannot run here, so the adapter's own logic (paging $all, exclusive
 * positions, skipping system events, counting events before the caught-up marker, error mapping) is
 * exercised against a stand-in for the gRPC client that reproduces the server's observable
 * behaviour: positions with gaps, system events between user events, inclusive forward reads,
 * StreamNotFound raised while reading, and a caught-up marker emitted while events still sit in the
 * stream's buffer. The same contract then runs on the real server wherever Docker exists.
 */
interface Stored {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  created: Date;
  position: ClientPosition;
}

class FakeEventStoreDbServer {
  readonly log: Stored[] = [];
  private readonly streams = new Map<string, Stored[]>();
  private readonly live = new Set<(e: Stored) => void>();
  private readonly open = new Set<ServerMessages>();
  private nextPosition = 1000n;

  constructor() {
    // A fresh server already holds its own events.
    this.write('$epoch-information', '$epoch-information', {});
    this.write('$scavenges', '$scavengeIndexInitialized', {});
  }

  client(): EventStoreDBClient {
    const fake = {
      appendToStream: async (
        name: string,
        events: EventData | EventData[],
        options: { expectedRevision?: AppendExpectedRevision } = {},
      ) => {
        const list = Array.isArray(events) ? events : [events];
        await new Promise((r) => setImmediate(r));
        const stored = this.streams.get(name) ?? [];
        const current = stored.at(-1)?.revision;
        const expected = options.expectedRevision ?? ANY;
        // The server's idempotence: the same event ids written after the same expected revision answer the first write.
        const at = typeof expected === 'bigint' ? Number(expected) + 1 : expected === NO_STREAM ? 0 : -1;
        const earlier = at >= 0 ? stored.slice(at, at + list.length) : [];
        if (earlier.length === list.length && list.every((e, i) => e.id === earlier[i]!.id)) {
          const last = earlier.at(-1)!;
          return { success: true, nextExpectedRevision: last.revision, position: last.position };
        }
        const ok =
          expected === ANY ||
          (expected === NO_STREAM && current === undefined) ||
          (expected === STREAM_EXISTS && current !== undefined) ||
          (typeof expected === 'bigint' && current === expected);
        if (!ok) {
          throw new WrongExpectedVersionError(undefined, { streamName: name, expected, current: current ?? NO_STREAM });
        }
        let last!: Stored;
        for (const e of list) {
          last = this.write(name, e.type, e.data, e.metadata, e.id);
          // The server's own bookkeeping lands between user events.
          if (this.nextPosition % 3n === 0n) this.write(`$$${name}`, '$metadata', {});
        }
        return { success: true, nextExpectedRevision: last.revision, position: last.position };
      },
      readStream: (name: string, options: { direction?: string; fromRevision?: ReadRevision; maxCount?: number | bigint } = {}) => {
        const events = this.streams.get(name);
        if (!events) return failing(new StreamNotFoundError(undefined, name));
        const backwards = options.direction === BACKWARDS;
        const from = options.fromRevision;
        let selected = backwards
          ? [...events].reverse().filter((e) => typeof from !== 'bigint' || e.revision <= from)
          : events.filter((e) => typeof from !== 'bigint' || e.revision >= from);
        if (options.maxCount !== undefined) selected = selected.slice(0, Number(options.maxCount));
        return Readable.from(selected.map(resolved));
      },
      readAll: (options: { direction?: string; fromPosition?: ReadPosition; maxCount?: number | bigint } = {}) => {
        const backwards = options.direction === BACKWARDS;
        const from = options.fromPosition;
        // Forwards from a position includes the event at it; backwards starts just before it.
        let selected = backwards
          ? [...this.log].reverse().filter((e) => from === undefined || from === END || e.position.commit < (from as ClientPosition).commit)
          : this.log.filter((e) => from === undefined || from === START || e.position.commit >= (from as ClientPosition).commit);
        if (options.maxCount !== undefined) selected = selected.slice(0, Number(options.maxCount));
        return Readable.from(selected.map(resolved));
      },
      subscribeToAll: (options: { fromPosition?: ReadPosition; filter?: { regex?: string } } = {}) => {
        const from = options.fromPosition;
        const regex = new RegExp(options.filter?.regex ?? '.*');
        const stream = new ServerMessages();
        const send = (e: Stored) => {
          if (regex.test(e.type)) stream.write({ event: resolved(e) });
        };
        const listener = (e: Stored) => send(e);
        stream.unsubscribe = async () => {
          this.live.delete(listener);
          this.open.delete(stream);
          stream.destroy();
        };
        this.open.add(stream);
        setImmediate(() => {
          if (stream.destroyed) return;
          // Subscriptions start after the position given.
          for (const e of this.log)
            if (from === undefined || from === START || e.position.commit > (from as ClientPosition).commit) send(e);
          stream.write({ caughtUp: true });
          this.live.add(listener);
        });
        return stream;
      },
      dispose: async () => undefined,
    };
    return fake as unknown as EventStoreDBClient;
  }

  /** The server restarts (or the connection breaks): every open subscription fails, events still in flight are lost. */
  dropSubscriptions(): number {
    const dropped = [...this.open];
    this.open.clear();
    this.live.clear();
    for (const stream of dropped) stream.destroy(Object.assign(new Error('14 UNAVAILABLE: Connection dropped'), { code: 14 }));
    return dropped.length;
  }

  private write(name: string, type: string, data: unknown, metadata?: unknown, id: string = randomUUID()): Stored {
    const stream = this.streams.get(name) ?? [];
    this.streams.set(name, stream);
    this.nextPosition += 100n + BigInt(stream.length * 7);
    const stored: Stored = {
      streamId: name,
      id,
      revision: BigInt(stream.length),
      type,
      data,
      metadata,
      created: new Date(),
      position: { commit: this.nextPosition, prepare: this.nextPosition },
    };
    stream.push(stored);
    this.log.push(stored);
    for (const listener of this.live) listener(stored);
    return stored;
  }
}

/**
 * Like the client's Subscription: a Transform over the server's messages that pushes events and
 * emits 'caughtUp' when that message passes, while earlier events may still wait in its buffer.
 */
class ServerMessages extends Transform {
  unsubscribe: () => Promise<void> = async () => undefined;
  constructor() {
    super({ objectMode: true });
  }
  override _transform(message: { event?: unknown; caughtUp?: true }, _encoding: string, next: TransformCallback): void {
    if (message.caughtUp) this.emit('caughtUp');
    if (message.event) return next(null, message.event);
    next();
  }
}

function resolved(e: Stored) {
  return { event: { ...e, isJson: true }, commitPosition: e.position.commit };
}

function failing(error: Error): Readable {
  return new Readable({
    objectMode: true,
    read() {
      this.destroy(error);
    },
  });
}

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
