import type { EventStore, Position, RecordedEvent } from '../event-store/event-store.js';
import type { DocumentStore } from '../document-store/document-store.js';
import type { CatchUpReader } from './parallel-catch-up.js';
import { CATCH_UP_PAGE } from './parallel-protocol.js';
import {
  applyTo,
  batchOf,
  stampApplied,
  CHECKPOINTS,
  checkpointOf,
  type CheckpointDoc,
  type PendingWrites,
  type Runner,
} from './projection-runner.js';

/** How long a rebuild's replay runs before it lets the event loop serve requests. */
const REBUILD_SLICE_MS = 10;
/** Documents per write of a rebuild's shadow collections, between which requests are served. */
const REBUILD_WRITE_CHUNK = 2_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface RebuildResult {
  projections: string[];
  events: number;
  ms: number;
}

export interface RebuildOptions {
  /** Called after each page replayed into the new collections, with the events read so far. */
  onProgress?: (progress: { events: number; position: string }) => void;
}

/** What a rebuild needs of the engine that serves the live read models. */
export interface RebuildHost {
  events: EventStore;
  documents: DocumentStore;
  batchSize: number;
  catchUpBatchSize: number;
  /** Runs fn with live application and flushes held off. */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Writes the live pending documents (under the lock). */
  flush(): Promise<void>;
  /** Last position handed to the live projections. */
  processed(): Position;
  /** A worker thread to read and open the log from `from` on, for a replay that long; null: read here. */
  openReader?(from: Position): Promise<CatchUpReader | null>;
}

/**
 * Rebuilds the targets from position 0 into `<name>__rebuild` while the live collections keep
 * answering (and keep receiving live events), then switches each over under the lock once caught up.
 */
export async function rebuildProjections(host: RebuildHost, targets: Runner[], options: RebuildOptions): Promise<RebuildResult> {
  const { documents } = host;
  const started = performance.now();
  for (const r of targets) r.rebuilding = true;
  const shadows = targets.map((r) => ({ runner: r, collection: `${r.collection}__rebuild` }));
  /** The shadows not switched to yet: the ones the replay still feeds. */
  const building = [...shadows];
  /** The shadows each event type feeds, so an event costs only the projections that handle it. */
  let byType = shadowsByType(building);
  let events = 0;
  let reader: CatchUpReader | null = null;
  try {
    for (const s of shadows) {
      await documents.dropCollection(s.collection);
      // Indexes belong to a collection: the new one carries them before it replaces the served one.
      await documents.ensureIndexes?.(s.collection, s.runner.projection.indexes ?? []);
    }
    let after: Position = 0n;
    // Shadow documents are written in large groups (a document touched on every page, such as a day
    // of the calendar, is then written once per group, not once per page), one collection at a time.
    let writes: PendingWrites = new Map();
    let unwritten = 0;
    const write = async (yielding: boolean) => {
      const all = writes;
      writes = new Map();
      unwritten = 0;
      stampApplied(all, Number(after));
      if (!yielding) return documents.applyBatch(batchOf(all));
      for (const [collection, docs] of all) {
        const entries = [...docs];
        for (let i = 0; i < entries.length; i += REBUILD_WRITE_CHUNK) {
          await documents.applyBatch(batchOf(new Map([[collection, new Map(entries.slice(i, i + REBUILD_WRITE_CHUNK))]])));
          await nextTurn();
        }
      }
    };
    // Outside the lock the log is read and opened on a worker thread where it can be (the second
    // core), once it has loaded; under the lock, the few events left are read here.
    reader = (await host.openReader?.(after)) ?? null;
    let delivering = false;
    const readPage = async (yielding: boolean): Promise<{ batch: RecordedEvent[]; more: boolean }> => {
      if (yielding && reader && !reader.failed) {
        if (!delivering && reader.ready) {
          reader.start(after);
          delivering = true;
        }
        const page = delivering ? await reader.next(after) : null;
        if (page) return { batch: page, more: page.length === CATCH_UP_PAGE };
      }
      const batch = await host.events.readAll({ after, maxCount: host.batchSize });
      return { batch, more: batch.length === host.batchSize };
    };
    // Outside the lock the replay yields every few milliseconds, so requests keep being served
    // (the embedded stores answer synchronously: without this it would hold the process to the end).
    const catchUp = async (yielding: boolean): Promise<boolean> => {
      const { batch, more } = await readPage(yielding);
      let slice = performance.now();
      for (const event of batch) {
        const feeding = byType.get(event.type);
        if (feeding) {
          for (const s of feeding) {
            const reading = applyTo(documents, s.runner.projection, s.collection, event, writes);
            if (reading) await reading;
          }
        }
        after = event.position;
        events++;
        unwritten++;
        if (yielding && performance.now() - slice > REBUILD_SLICE_MS) {
          await nextTurn();
          slice = performance.now();
        }
      }
      if (!more || unwritten >= host.catchUpBatchSize) await write(yielding);
      options.onProgress?.({ events, position: after.toString() });
      return more;
    };
    while (await catchUp(true)) {
      await nextTurn();
    }
    await reader?.close();
    reader = null;
    // One projection at a time under the lock, so live writes (and read-your-writes) wait for one
    // switch-over at most, not for all of them.
    const checkpoints = documents.collection<CheckpointDoc>(CHECKPOINTS);
    while (building.length) {
      const s = building[0]!;
      await host.withLock(async () => {
        await host.flush();
        while (await catchUp(false)) {
          // the last few events appended meanwhile
        }
        const switchedAt = new Date().toISOString();
        await documents.renameCollection(s.collection, s.runner.collection);
        building.shift();
        byType = shadowsByType(building);
        const processed = host.processed();
        s.runner.checkpoint = after > processed ? after : processed;
        // Switched to other documents: caches keyed by the old version must not answer any more.
        s.runner.changedAt = s.runner.checkpoint;
        s.runner.builtWith = s.runner.projection.version ?? 1;
        s.runner.lastRebuiltAt = switchedAt;
        s.runner.lastRebuildMs = Math.round(performance.now() - started);
        s.runner.rebuilding = false;
        await checkpoints.putMany([checkpointOf(s.runner, switchedAt)]);
      });
      await nextTurn();
    }
  } catch (error) {
    // The served collections were never touched: drop the half-built ones (a crash leaves them to the
    // next rebuild, which drops them first).
    for (const s of building) await documents.dropCollection(s.collection).catch(() => undefined);
    throw error;
  } finally {
    await reader?.close();
    for (const r of targets) r.rebuilding = false;
  }
  return { projections: targets.map((r) => r.projection.name), events, ms: performance.now() - started };
}

function shadowsByType<S extends { runner: Runner }>(shadows: readonly S[]): Map<string, S[]> {
  const byType = new Map<string, S[]>();
  for (const s of shadows) {
    for (const type of s.runner.types) {
      const list = byType.get(type);
      if (list) list.push(s);
      else byType.set(type, [s]);
    }
  }
  return byType;
}
