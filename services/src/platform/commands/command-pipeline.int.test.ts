import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../clock.js';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import type { EventStore, StreamAppend } from '../event-store/event-store.js';
import { countingStore, measure } from '../../../test/counting-event-store.js';
import { pipelineScope, runPipeline, streamOf, type PipelineAttempt } from './command-pipeline.js';
import type { CommandContext, CommandRuntime } from './command-types.js';
import type { Decider, DomainEvent } from './decider.js';
import { Conflict, NotFound, StaleVersion } from './domain-errors.js';
import { StreamStates } from './stream-states.js';

/** A counter: Add n, refused past 10. */
type Added = DomainEvent<'Added', { n: number }>;
const counter: Decider<number, { n: number }, Added> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.n,
  decide: ({ n }, total) => {
    if (total + n > 10) throw new Conflict('Too many');
    return [{ type: 'Added', data: { n } }];
  },
};

const root = mkdtempSync(join(tmpdir(), 'command-pipeline-'));
let files = 0;
let store: SqliteEventStore;
let runtime: CommandRuntime;
const context: CommandContext = { actor: { kind: 'system', name: 'test' }, correlationId: 'c-1', causationId: 'c-1' };

beforeEach(() => {
  store = new SqliteEventStore(join(root, `events-${++files}.sqlite`));
  runtime = {
    eventStore: countingStore(store),
    clock: new FixedClock(new Date('2026-11-18T16:00:00.000Z')),
    config: { zone: 'America/Chicago' },
    readModels: { waitFor: async () => undefined },
  };
});
afterEach(async () => {
  await store.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const add = (n: number, streamId = 'counter-1', options = {}) =>
  runPipeline(runtime, context, (tx) => tx.decide(streamOf(counter, streamId, options), counter.decide, { n }));

describe('tx.decide: the one-stream command', () => {
  it('loads the stream once, decides once, appends its events once and answers the version after them', async () => {
    await add(2);
    const { result, tally } = await measure(() => add(3));
    expect(result.value.events).toEqual([{ type: 'Added', data: { n: 3 } }]);
    expect(result.value.version).toBe(1);
    expect(result.value.stream.state).toBe(2);
    expect(result.position).not.toBeNull();
    expect(Object.fromEntries(tally.reads)).toEqual({ 'counter-1': 1 });
    expect(tally).toMatchObject({ outside: [], attempts: 1, appends: 1, appended: ['counter-1'] });
    expect((await store.readStream('counter-1')).map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('a second load of the same stream in the attempt answers the first, without reading', async () => {
    const { tally } = await measure(() =>
      runPipeline(runtime, context, async (tx) => {
        const spec = streamOf(counter, 'counter-1');
        const read = await tx.load(spec);
        const decided = await tx.decide(spec, counter.decide, { n: 1 });
        expect(decided.stream).toBe(read);
      }),
    );
    expect(Object.fromEntries(tally.reads)).toEqual({ 'counter-1': 1 });
  });

  it('a refusal appends nothing; a stale If-Match is a StaleVersion, and one on a stream never written is not found', async () => {
    await add(10);
    const { tally } = await measure(() => expect(add(1)).rejects.toThrow('Too many'));
    expect(tally.appends).toBe(0);
    await expect(add(0, 'counter-1', { expectedVersion: 5 })).rejects.toBeInstanceOf(StaleVersion);
    await expect(add(1, 'counter-2', { expectedVersion: 0, notFoundMessage: 'No counter' })).rejects.toBeInstanceOf(NotFound);
  });

  it('decides nothing when decide answers no events: no append, the version unchanged', async () => {
    await add(4);
    const none = await runPipeline(runtime, context, (tx) => tx.decide(streamOf(counter, 'counter-1'), () => [], {}));
    expect(none.value.version).toBe(0);
    expect(none.position).toBeNull();
  });
});

describe('a stream kept in memory, and the state its decider folded already', () => {
  // The counter with its folds counted: what the pipeline folds again shows.
  let folds = 0;
  const counted = { ...counter, evolve: (total: number, event: Added) => (folds++, counter.evolve(total, event)) };
  const kept = streamOf(counted, 'counter-kept', { cached: true });
  beforeEach(() => {
    runtime.states = new StreamStates();
    folds = 0;
  });

  it('when the one append gives the state after its events, then the stream keeps that state without folding them again', async () => {
    await runPipeline(runtime, context, (tx) => tx.decide(kept, counter.decide, { n: 2 }));
    folds = 0;
    await runPipeline(runtime, context, async (tx) => {
      const stream = await tx.load(kept);
      const events = counter.decide({ n: 3 }, stream.state, tx.time);
      tx.append(stream, events, events.reduce(counter.evolve, stream.state));
    });
    expect(folds).toBe(0);
    const { value } = await runPipeline(runtime, context, async (tx) => (await tx.load(kept)).state);
    expect(value).toBe(5);
    expect((await store.readStream('counter-kept')).map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }]);
  });

  it('when a command appends to the stream twice, then the kept state is folded from the loaded one through both appends', async () => {
    await runPipeline(runtime, context, async (tx) => {
      const stream = await tx.load(kept);
      // each caller folded from the loaded state only: neither answer is the state after both
      tx.append(stream, [{ type: 'Added', data: { n: 1 } }], 1);
      tx.append(stream, [{ type: 'Added', data: { n: 4 } }], 4);
    });
    const { value } = await runPipeline(runtime, context, async (tx) => (await tx.load(kept)).state);
    expect(value).toBe(5);
  });
});

describe('pipelineScope', () => {
  it('tells the code of an attempt (its number) from code outside, and announces each attempt, a run after a conflict too', async () => {
    const seen: PipelineAttempt[] = [];
    const stop = pipelineScope.onAttempt((attempt) => seen.push(attempt));
    try {
      expect(pipelineScope.current()).toBeUndefined();
      let other = true;
      await runPipeline(
        runtime,
        context,
        async (tx) => {
          const decided = await tx.decide(streamOf(counter, 'counter-1'), counter.decide, { n: 1 });
          expect(pipelineScope.current()).toEqual({ correlationId: 'c-1', number: seen.length });
          // Another writer appends meanwhile, once: the append conflicts and the command runs again.
          if (other) await store.appendToStream('counter-1', [{ type: 'Added', data: { n: 5 }, metadata: metadataOf() }]);
          other = false;
          return decided;
        },
        { retriesOnConflict: 1 },
      );
      expect(seen.map((a) => a.number)).toEqual([1, 2]);
      expect((await store.readStream('counter-1')).map((e) => e.data)).toEqual([{ n: 5 }, { n: 1 }]);
    } finally {
      stop();
    }
  });
});

/**
 * A store that appends a decision's streams one after the other (as EventStoreDB 24.10 through its
 * client): `before` runs as each stream's append reaches it, so another writer can get there first.
 */
function streamByStream(inner: SqliteEventStore, before: (streamId: string) => Promise<void>): EventStore {
  return Object.assign(Object.create(inner) as EventStore, {
    atomicAppends: false,
    appendToStreams: async (appends: StreamAppend[]) => {
      const results = [];
      for (const append of appends) {
        await before(append.streamId);
        results.push(await inner.appendToStream(append.streamId, append.events, { expectedRevision: append.expectedRevision }));
      }
      return results;
    },
  });
}

describe('a store that appends stream by stream: a conflict after part of the decision is stored', () => {
  /** Adds n to counter-a and counter-b in one decision; another writer adds `other` to counter-b first, once. */
  const twoCounters = async (n: number, other: number, options: { expectedVersion?: number } = {}) => {
    let first = true;
    const logged: string[] = [];
    runtime = {
      ...runtime,
      logger: { info: (_: unknown, message?: string) => void logged.push(message ?? '') },
      eventStore: streamByStream(store, async (streamId) => {
        if (streamId !== 'counter-b' || !first) return;
        first = false;
        await store.appendToStream('counter-b', [{ type: 'Added', data: { n: other }, metadata: metadataOf() }]);
      }),
    };
    let runs = 0;
    const result = await runPipeline(runtime, context, async (tx) => {
      runs++;
      const a = await tx.decide(streamOf(counter, 'counter-a'), counter.decide, { n });
      const b = await tx.decide(streamOf(counter, 'counter-b', options), counter.decide, { n });
      return { a: a.version, b: b.version, bState: b.stream.state };
    });
    const data = async (streamId: string) => (await store.readStream(streamId)).map((e) => e.data);
    return { result, runs, logged, a: await data('counter-a'), b: await data('counter-b') };
  };

  it('when the second stream conflicts, then the first stays appended once and only the second is decided again, on its fresh state', async () => {
    const { result, runs, a, b, logged } = await twoCounters(3, 5);
    expect(runs).toBe(2);
    expect(a).toEqual([{ n: 3 }]);
    expect(b).toEqual([{ n: 5 }, { n: 3 }]);
    expect(result.value).toEqual({ a: 0, b: 1, bState: 5 });
    expect(result.position).not.toBeNull();
    expect(logged).toContain('decision partly appended: the rest decided again on fresh state');
  });

  it('when the fresh state refuses the rest, then the answer is what was stored and the half-applied decision is logged', async () => {
    const { result, a, b, logged } = await twoCounters(3, 9);
    expect(a).toEqual([{ n: 3 }]);
    expect(b).toEqual([{ n: 9 }]);
    expect(result.value).toEqual({ a: 0, b: 0, bState: 0 });
    expect(logged).toContain('decision half-applied: the streams stored stand, the periodic reconcile repairs the rest');
  });

  it("when the stream that conflicts is the client's If-Match, then it is a StaleVersion", async () => {
    await store.appendToStream('counter-b', [{ type: 'Added', data: { n: 1 }, metadata: metadataOf() }]);
    await expect(twoCounters(3, 5, { expectedVersion: 0 })).rejects.toBeInstanceOf(StaleVersion);
  });
});

const metadataOf = () => ({ occurredAt: '2026-11-18T16:00:00.000Z', actor: context.actor, correlationId: 'other', causationId: 'other' });
