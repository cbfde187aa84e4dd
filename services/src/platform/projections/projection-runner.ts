import type { EventStore, Position, RecordedEvent } from '../event-store/event-store.js';
import type { CollectionWrites, Doc, DocumentCollection, DocumentStore } from '../document-store/document-store.js';
import { APPLIED_AT, type Projection } from './projection.js';

export const CHECKPOINTS = '_checkpoints';
/**
 * The checkpoint of every live projection at once, stored with each batch: what a gateway waiting for
 * a write in another process polls (one document), while the projections' own are stored lazily.
 */
export const ALL_APPLIED = '*';

export interface CheckpointDoc extends Doc {
  _id: string;
  position: string;
  /** Position of the last event that changed this projection's documents: its version for caches. */
  changedAt?: string;
  /** The projection's code version the documents were built with (Projection.version). */
  version?: number;
  updatedAt: string;
  /** When the last rebuild switched over, and how long it took: kept with the checkpoint across restarts. */
  rebuiltAt?: string;
  rebuildMs?: number;
}

/** One projection as the engine runs it: where its documents are and how far they got. */
export interface Runner {
  projection: Projection;
  /** The event types it handles. */
  types: ReadonlySet<string>;
  collection: string;
  checkpoint: Position;
  changedAt: Position;
  /** The projection version its current documents were built with. */
  builtWith: number;
  rebuilding: boolean;
  lastRebuiltAt: string | null;
  lastRebuildMs: number | null;
  /**
   * Where the last event put this runner's documents: the pending writes it was applied to, their map
   * for this collection and the store's handle. Looked up once per batch, not once per event.
   */
  at?: { writes: PendingWrites; docs: Map<string, Doc | null>; documents: DocumentStore; stored: DocumentCollection };
}

export interface ProjectionStatus {
  name: string;
  checkpoint: string;
  head: string;
  lag: number;
  rebuilding: boolean;
  lastRebuiltAt: string | null;
  lastRebuildMs: number | null;
}

export function statusOf(r: Runner, head: Position, lag: number): ProjectionStatus {
  return {
    name: r.projection.name,
    checkpoint: r.checkpoint.toString(),
    head: head.toString(),
    lag,
    rebuilding: r.rebuilding,
    lastRebuiltAt: r.lastRebuiltAt,
    lastRebuildMs: r.lastRebuildMs,
  };
}

/**
 * How far each checkpoint is behind the head, in events: counted by the event store where its
 * positions are not event numbers (EventStoreDB's are bytes of its log, so a burst of large events
 * looked like a long lag), up to `limit` (a lag past it reads as `limit`); once per distinct checkpoint.
 * Negative when a checkpoint lies beyond the head (read models restored from a later backup than the log).
 */
export async function lagsOf(events: EventStore, head: Position, checkpoints: Position[], limit: number): Promise<Map<Position, number>> {
  const lags = new Map<Position, number>();
  // A decorator (the encrypting store) may not pass countEvents on: its kind still says what positions are.
  const count = events.countEvents
    ? (after: Position) => events.countEvents!(after, limit)
    : events.kind === 'eventstoredb'
      ? async (after: Position) => (await events.readAll({ after, maxCount: limit })).length
      : null;
  for (const checkpoint of checkpoints) {
    if (lags.has(checkpoint)) continue;
    const byPosition = Number(head - checkpoint);
    lags.set(checkpoint, byPosition > 0 && count ? await count(checkpoint) : byPosition);
  }
  return lags;
}

/** Lag is counted in events up to this by default (see lagsOf). */
export const LAG_COUNT_LIMIT = 10_000;

/** Documents evolved but not written yet, by collection then id; null deletes. */
export type PendingWrites = Map<string, Map<string, Doc | null>>;

/**
 * Documents as last written, by collection then id, kept while catching up so an event that touches a
 * document written a batch ago reads it from memory instead of the store (a round trip each to
 * MongoDB; stores that can peek keep their own). Never changed: evolve returns new objects.
 */
export type WrittenDocs = Map<string, Map<string, Doc | null>>;

export function runnerOf(projection: Projection): Runner {
  return {
    projection,
    types: new Set(projection.handles),
    collection: projection.name,
    checkpoint: 0n,
    changedAt: 0n,
    builtWith: projection.version ?? 1,
    rebuilding: false,
    lastRebuiltAt: null,
    lastRebuildMs: null,
  };
}

/** Each runner's stored checkpoint, or position 0 where none is stored. */
export async function loadCheckpoints(documents: DocumentStore, runners: Runner[]): Promise<void> {
  const checkpoints = documents.collection<CheckpointDoc>(CHECKPOINTS);
  for (const runner of runners) {
    const doc = await checkpoints.get(runner.projection.name);
    runner.checkpoint = doc ? BigInt(doc.position) : 0n;
    runner.changedAt = doc?.changedAt ? BigInt(doc.changedAt) : runner.checkpoint;
    if (doc) runner.builtWith = doc.version ?? 1;
    runner.lastRebuiltAt = doc?.rebuiltAt ?? null;
    runner.lastRebuildMs = doc?.rebuildMs ?? null;
  }
}

/**
 * One event into the pending writes of each runner given (those that handle its type) whose checkpoint
 * it is past; a promise only when a document had to be awaited.
 */
export function applyToAll(
  documents: DocumentStore,
  runners: readonly Runner[] | undefined,
  event: RecordedEvent,
  writes: PendingWrites,
  written?: WrittenDocs,
): Promise<void> | void {
  if (!runners) return;
  for (let i = 0; i < runners.length; i++) {
    const runner = runners[i]!;
    if (event.position <= runner.checkpoint) continue;
    let at = runner.at;
    if (!at || at.writes !== writes || at.documents !== documents) {
      at = { writes, docs: docsOf(writes, runner.collection), documents, stored: documents.collection(runner.collection) };
      runner.at = at;
    }
    const reading = applyToDocs(runner.projection, at.docs, at.stored, event, written?.get(runner.collection));
    if (reading) return finishAwaited(documents, reading, runners.slice(i + 1), event, writes);
  }
}

export function docsOf(writes: PendingWrites, collection: string): Map<string, Doc | null> {
  let docs = writes.get(collection);
  if (!docs) {
    docs = new Map();
    writes.set(collection, docs);
  }
  return docs;
}

async function finishAwaited(
  documents: DocumentStore,
  reading: Promise<void>,
  rest: readonly Runner[],
  event: RecordedEvent,
  writes: PendingWrites,
): Promise<void> {
  await reading;
  for (const runner of rest) {
    if (event.position <= runner.checkpoint) continue;
    await applyTo(documents, runner.projection, runner.collection, event, writes);
  }
}

/**
 * One event into one projection's pending writes (the caller checked that the projection handles it). Synchronous where the store can peek (in memory,
 * or the embedded file); a promise only where a document must be awaited (MongoDB).
 */
export function applyTo(
  documents: DocumentStore,
  projection: Projection,
  collection: string,
  event: RecordedEvent,
  writes: PendingWrites,
  written?: WrittenDocs,
): Promise<void> | void {
  return applyToDocs(projection, docsOf(writes, collection), documents.collection(collection), event, written?.get(collection));
}

export function applyToDocs(
  projection: Projection,
  docs: Map<string, Doc | null>,
  stored: DocumentCollection,
  event: RecordedEvent,
  recent: Map<string, Doc | null> | undefined,
  position = Number(event.position),
): Promise<void> | void {
  const ids = projection.documentIds(event);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    let known = docs.get(id);
    // A store that can peek answers from memory (the embedded file keeps its last batch at hand):
    // `written` is for the others, where a read is a round trip.
    if (known === undefined && !stored.peek && recent) known = recent.get(id);
    if (known !== undefined) evolveInto(projection, docs, id, known, event, position);
    else if (stored.peek) evolveInto(projection, docs, id, stored.peek(id), event, position);
    else {
      const rest = ids.slice(i);
      const target = docs;
      return (async () => {
        for (const later of rest) {
          const current = target.get(later);
          evolveInto(projection, target, later, current !== undefined ? current : await stored.get(later), event);
        }
      })();
    }
  }
}

/**
 * Evolves one document and records the result. The stored document goes to evolve as it is (its
 * `_appliedAt` included, set again when the batch is written: stampApplied): projections never change
 * what they are given, and a copy per event is what replay cost most.
 */
export function evolveInto(
  projection: Projection,
  docs: Map<string, Doc | null>,
  id: string,
  current: Doc | null,
  event: RecordedEvent,
  position = Number(event.position),
): void {
  const applied = current ? current[APPLIED_AT] : undefined;
  // Stored by this engine as a number; Number() only for anything else.
  if (applied !== undefined && (typeof applied === 'number' ? applied : Number(applied)) >= position) return;
  const evolved = projection.evolve(current, event, id);
  // Unchanged (evolve handed back what it was given, or nothing to delete): nothing to write. Its
  // `_appliedAt` stays older, which is safe: applied again, the event leaves it unchanged again.
  if (evolved === current) return;
  if (!evolved) {
    docs.set(id, null);
    return;
  }
  evolved._id = id;
  docs.set(id, evolved);
}

/**
 * Every pending document marked as applied through `position`, the last event of its batch: each
 * reflects every event up to there (a batch holds what its events changed), so a replayed event at or
 * below it is skipped where a store kept documents ahead of their checkpoint. Marked once per batch, not
 * per event: the field a projection's object literal has no slot for costs the object a second one (its
 * properties' backing store), on every copy of it too.
 */
export function stampApplied(writes: PendingWrites, position: number): void {
  writes.forEach((docs) =>
    docs.forEach((doc) => {
      if (doc) doc[APPLIED_AT] = position;
    }),
  );
}

export function checkpointOf(runner: Runner, updatedAt: string): CheckpointDoc {
  return {
    _id: runner.projection.name,
    position: runner.checkpoint.toString(),
    changedAt: runner.changedAt.toString(),
    version: runner.builtWith,
    updatedAt,
    ...(runner.lastRebuiltAt ? { rebuiltAt: runner.lastRebuiltAt } : {}),
    ...(runner.lastRebuildMs !== null ? { rebuildMs: runner.lastRebuildMs } : {}),
  };
}

export function batchOf(writes: PendingWrites): CollectionWrites[] {
  const batch: CollectionWrites[] = [];
  // forEach rather than for…of: no [id, doc] pair allocated per document of a catch-up batch.
  writes.forEach((docs, collection) => {
    // Sized once (a catch-up's batch holds every document of a collection): no growing and copying as it fills.
    const puts = new Array<Doc>(docs.size);
    const deletes: string[] = [];
    let n = 0;
    docs.forEach((doc, id) => {
      if (doc) puts[n++] = doc;
      else deletes.push(id);
    });
    puts.length = n;
    batch.push({ collection, puts, deletes });
  });
  return batch;
}
