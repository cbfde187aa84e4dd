import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventStore, StreamAppend } from '../src/platform/event-store/event-store.js';
import type { Feature } from '../src/platform/runtime/runtime.js';
import { features } from '../src/features.js';
import { pipelineScope } from '../src/platform/commands/command-pipeline.js';

/**
 * Counts what one measured piece of work (a request) does with the event store: reads per stream, reads
 * made outside a pipeline attempt (a route or command reading a stream itself), pipeline attempts (one
 * decision each) and appends. Only work running inside `tally.measure` is counted, so the projections and
 * the mail reactor, which keep their own reference to the store, never are.
 */
export interface Tally {
  /** Reads per stream id ('$all' for readAll). */
  reads: Map<string, number>;
  /** Streams read outside any pipeline attempt, in order. */
  outside: string[];
  attempts: number;
  /** Append calls (one is one atomic append of the whole decision). */
  appends: number;
  /** Streams given events, in order. */
  appended: string[];
}

const measured = new AsyncLocalStorage<Tally>();
const emptyTally = (): Tally => ({ reads: new Map(), outside: [], attempts: 0, appends: 0, appended: [] });

pipelineScope.onAttempt(() => {
  const tally = measured.getStore();
  if (tally) tally.attempts += 1;
});

/** Runs `work` and answers what it did with the store, beside its result. */
export async function measure<R>(work: () => Promise<R>): Promise<{ result: R; tally: Tally }> {
  const tally = emptyTally();
  const result = await measured.run(tally, work);
  return { result, tally };
}

function noteRead(streamId: string): void {
  const tally = measured.getStore();
  if (!tally) return;
  tally.reads.set(streamId, (tally.reads.get(streamId) ?? 0) + 1);
  if (!pipelineScope.current()) tally.outside.push(streamId);
}

function noteAppend(appends: Pick<StreamAppend, 'streamId' | 'events'>[]): void {
  const tally = measured.getStore();
  if (!tally) return;
  tally.appends += 1;
  for (const { streamId, events } of appends) if (events.length > 0) tally.appended.push(streamId);
}

/**
 * The store's own work for an append runs unmeasured: what it sets off (the mail reactor composing a mail
 * from the new events, reading streams as it goes) is not the request's doing. The caller's await still
 * resumes in its own measure.
 */
const unmeasured = <R>(work: () => R): R => measured.exit(work);

/** The store as the runtime's routes and commands see it, counting. */
export function countingStore(store: EventStore): EventStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'readStream') {
        return (streamId: string, ...rest: unknown[]) => {
          noteRead(streamId);
          return (target.readStream as (...a: unknown[]) => unknown).call(target, streamId, ...rest);
        };
      }
      if (property === 'readAll') {
        return (...args: unknown[]) => {
          noteRead('$all');
          return (target.readAll as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      if (property === 'appendToStreams') {
        return (appends: StreamAppend[]) => {
          noteAppend(appends);
          return unmeasured(() => target.appendToStreams(appends));
        };
      }
      if (property === 'appendToStream') {
        return (streamId: string, events: StreamAppend['events'], ...rest: unknown[]) => {
          noteAppend([{ streamId, events }]);
          return unmeasured(() => (target.appendToStream as (...a: unknown[]) => unknown).call(target, streamId, events, ...rest));
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Listed last among the features: once every other feature has started (the reactors holding the real
 * store), the runtime's store becomes the counting one, before the app's routes are built on it.
 */
export const countingFeature: Feature = {
  name: 'counting-event-store',
  start: async (runtime) => {
    runtime.eventStore = countingStore(runtime.eventStore);
  },
};

/** Every feature of the service, then the counter. */
export const countedFeatures: Feature[] = [...features, countingFeature];
