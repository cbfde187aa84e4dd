import type { Logger } from 'pino';
import type { EventStore, Position, RecordedEvent, Subscription } from '../event-store/event-store.js';
import type { CollectionWrites, Doc, DocumentStore } from '../document-store/document-store.js';
import { APPLIED_AT, type Projection } from './projection.js';
import { asError } from '../errors.js';
import { Conflict } from '../commands/domain-errors.js';
import { REBUILD_IN_PROGRESS, unknownProjectionsMessage } from '@cafe/contracts';

export const CHECKPOINTS = '_checkpoints';

/** How long a rebuild's replay runs before it lets the event loop serve requests. */
const REBUILD_SLICE_MS = 10;
/** Documents per write of a rebuild's shadow collections, between which requests are served. */
const REBUILD_WRITE_CHUNK = 2_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Events read per page while catching up before the live subscription. */
const CATCH_UP_PAGE = 2_000;

interface CheckpointDoc extends Doc {
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

export interface ProjectionStatus {
  name: string;
  checkpoint: string;
  head: string;
  lag: number;
  rebuilding: boolean;
  lastRebuiltAt: string | null;
  lastRebuildMs: number | null;
}

export interface RebuildResult {
  projections: string[];
  events: number;
  ms: number;
}

export interface RebuildOptions {
  /** Called after each page replayed into the new collections, with the events read so far. */
  onProgress?: (progress: { events: number; position: string }) => void;
}

interface Runner {
  projection: Projection;
  collection: string;
  checkpoint: Position;
  changedAt: Position;
  /** The projection version its current documents were built with. */
  builtWith: number;
  rebuilding: boolean;
  lastRebuiltAt: string | null;
  lastRebuildMs: number | null;
}

export interface ProjectionEngineOptions {
  batchSize?: number;
  logger?: Logger;
  /** Wait before the n-th attempt (0-based) to subscribe again after the subscription dropped. */
  resubscribeDelayMs?: (attempt: number) => number;
}

/** 0.25 s, 0.5 s, 1 s … up to 30 s between attempts while the event store is unreachable. */
const RESUBSCRIBE_BACKOFF = (attempt: number) => Math.min(30_000, 250 * 2 ** attempt);
/** Wait before writing the read models again after the document store refused a batch. */
const FLUSH_RETRY_MS = 1_000;

/**
 * Reads $all from the lowest stored checkpoint, applies each event to the projections that handle it,
 * and writes documents and checkpoints in batches. Idempotent twice over: events at or below a
 * projection's checkpoint are skipped, and so is an event at or below a document's `_appliedAt`.
 */
export class ProjectionEngine {
  private readonly runners: Runner[];
  /** The runners that handle each event type, so an event costs only the projections it touches. */
  private readonly runnersByType = new Map<string, Runner[]>();
  private readonly batchSize: number;
  private readonly catchUpBatchSize: number;
  private subscription: Subscription | null = null;
  /** Last position handed to the projections, and last position whose documents are written. */
  private processed: Position = 0n;
  private flushed: Position = 0n;
  private waiters: { position: Position; resolve: () => void }[] = [];
  /** Serialises live application, flushes and rebuild switch-overs. */
  private lock: Promise<unknown> = Promise.resolve();
  private pending = new Map<string, Map<string, Doc | null>>();
  private pendingCount = 0;
  private flushScheduled = false;
  private ready = false;
  /** Set while the subscription is down and being re-established: the read models are behind. */
  private dropped: unknown = null;
  private attempts = 0;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly events: EventStore,
    private readonly documents: DocumentStore,
    projections: Projection[],
    private readonly options: ProjectionEngineOptions = {},
  ) {
    const names = new Set<string>();
    for (const p of projections) {
      if (names.has(p.name)) throw new Error(`Two projections are named ${p.name}`);
      names.add(p.name);
    }
    this.runners = projections.map((projection) => ({
      projection,
      collection: projection.name,
      checkpoint: 0n,
      changedAt: 0n,
      builtWith: projection.version ?? 1,
      rebuilding: false,
      lastRebuiltAt: null,
      lastRebuildMs: null,
    }));
    for (const runner of this.runners) {
      for (const type of runner.projection.handles) {
        const list = this.runnersByType.get(type) ?? [];
        list.push(runner);
        this.runnersByType.set(type, list);
      }
    }
    this.batchSize = options.batchSize ?? 500;
    this.catchUpBatchSize = Math.max(this.batchSize, options.batchSize ?? 20_000);
  }

  /** Caught up and subscribed: false before the first catch-up and while a dropped subscription is re-established. */
  get isReady(): boolean {
    return this.ready && this.dropped === null;
  }

  /** Why the read models are behind (a dropped subscription being resumed), or null. */
  get behindBecause(): string | null {
    return this.dropped === null ? null : asError(this.dropped).message;
  }

  get position(): Position {
    return this.flushed;
  }

  /**
   * A projection's version: the position of the last event that changed its documents (a live write,
   * or a rebuild's switch-over), so a serialised answer keyed by it is never stale.
   */
  versionOf(name: string): string {
    const runner = this.runners.find((r) => r.projection.name === name);
    if (!runner) throw new Error(`No projection named ${name}`);
    return runner.changedAt.toString();
  }

  projectionNames(): string[] {
    return this.runners.map((r) => r.projection.name);
  }

  /** Loads checkpoints and subscribes; resolves once caught up with what was stored at start. */
  async start(): Promise<void> {
    const checkpoints = this.documents.collection<CheckpointDoc>(CHECKPOINTS);
    for (const runner of this.runners) {
      const doc = await checkpoints.get(runner.projection.name);
      runner.checkpoint = doc ? BigInt(doc.position) : 0n;
      runner.changedAt = doc?.changedAt ? BigInt(doc.changedAt) : runner.checkpoint;
      if (doc) runner.builtWith = doc.version ?? 1;
      runner.lastRebuiltAt = doc?.rebuiltAt ?? null;
      runner.lastRebuildMs = doc?.rebuildMs ?? null;
    }
    // The projections' declared indexes (MongoDB), before reading: idempotent on every start.
    for (const runner of this.runners) await this.documents.ensureIndexes?.(runner.collection, runner.projection.indexes ?? []);
    const outdated = this.runners.filter((r) => r.builtWith !== (r.projection.version ?? 1)).map((r) => r.projection.name);
    const from = this.runners.reduce<Position>(
      (min, r) => (r.checkpoint < min ? r.checkpoint : min),
      this.runners.length ? this.runners[0]!.checkpoint : 0n,
    );
    this.processed = from;
    this.flushed = from;
    // Catch up page by page before subscribing: no promise per event, so a restart far behind (or a
    // first start) costs what the projections cost, not the delivery.
    for (;;) {
      const page = await this.events.readAll({ after: this.processed, maxCount: CATCH_UP_PAGE });
      for (const event of page) {
        const reading = this.applyToRunners(event);
        if (reading) await reading;
        if (this.pendingCount >= this.catchUpBatchSize) await this.flush();
      }
      if (page.length < CATCH_UP_PAGE) break;
    }
    await this.flush();
    let first = true;
    await new Promise<void>((resolve, reject) => {
      // Called again after each resumed subscription: only the first catch-up starts anything.
      this.subscribe(() => {
        if (!first) return;
        first = false;
        resolve();
        if (outdated.length) this.rebuildOutdated(outdated);
      }, reject);
    });
  }

  /**
   * Subscribes after the last position handed to the projections. A dropped subscription (the event
   * store restarted, the connection broke) is re-established from there with backoff: no event is
   * skipped, and none applied twice (checkpoints and `_appliedAt` would drop a repeat anyway).
   */
  private subscribe(onCaughtUp: () => void, onFailed: (error: Error) => void): void {
    this.subscription = this.events.subscribeToAll((event) => this.withLock(() => this.apply(event)), {
      after: this.processed,
      onCaughtUp: () => {
        void this.withLock(() => this.flush()).then(() => {
          if (this.dropped !== null) this.options.logger?.info({ position: this.processed.toString() }, 'projection subscription resumed');
          this.ready = true;
          this.dropped = null;
          this.attempts = 0;
          onCaughtUp();
        }, onFailed);
      },
      onError: (error) => {
        if (this.stopped) return;
        this.dropped = error;
        const delay = (this.options.resubscribeDelayMs ?? RESUBSCRIBE_BACKOFF)(this.attempts++);
        this.options.logger?.warn(
          { err: error, position: this.processed.toString(), attempt: this.attempts, delayMs: delay },
          'projection subscription dropped: resubscribing from the last position',
        );
        this.retry = setTimeout(() => {
          this.retry = null;
          // Under the lock: every event already delivered is applied, so `processed` is where to resume.
          void this.withLock(async () => {
            if (!this.stopped) this.subscribe(onCaughtUp, onFailed);
          });
        }, delay);
      },
    });
  }

  /** The rebuild of projections whose code changed since their documents were built, while it runs. */
  get outdatedRebuild(): Promise<void> | null {
    return this.outdated;
  }
  private outdated: Promise<void> | null = null;

  /** Old documents keep answering while the new version is built beside them; then they switch. */
  private rebuildOutdated(names: string[]): void {
    const logger = this.options.logger;
    logger?.info({ projections: names }, 'projection code changed: rebuilding beside the served read models');
    this.outdated = this.rebuild(names).then(
      (result) => {
        logger?.info(result, 'rebuilt the changed projections and switched to them');
      },
      (err: unknown) => {
        logger?.error({ err, projections: names }, 'rebuilding the changed projections failed; the old ones keep answering');
      },
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await this.outdated;
    await this.subscription?.close();
    this.subscription = null;
    await this.withLock(() => this.flush());
  }

  /**
   * Read-your-writes: resolves once every projection has applied the event at `position`.
   * Rejects after `timeoutMs` so a stuck projector turns into a clear error, not a hung request.
   */
  waitFor(position: Position, timeoutMs = 5000): Promise<void> {
    if (this.flushed >= position) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`Read models did not reach position ${position} within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter = {
        position,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      this.waiters.push(waiter);
    });
  }

  async status(): Promise<ProjectionStatus[]> {
    const head = await this.events.headPosition();
    return this.runners.map((r) => ({
      name: r.projection.name,
      checkpoint: r.checkpoint.toString(),
      head: head.toString(),
      lag: Number(head - r.checkpoint),
      rebuilding: r.rebuilding,
      lastRebuiltAt: r.lastRebuiltAt,
      lastRebuildMs: r.lastRebuildMs,
    }));
  }

  /**
   * Rebuilds projections from position 0 into a fresh collection while the live one keeps answering
   * (and keeps receiving live events), then switches over under the lock once caught up.
   */
  async rebuild(names?: string[], options: RebuildOptions = {}): Promise<RebuildResult> {
    const unknown = (names ?? []).filter((n) => !this.runners.some((r) => r.projection.name === n));
    if (unknown.length) throw new Error(unknownProjectionsMessage(unknown));
    // One rebuild at a time: two would share the `__rebuild` collections and drop each other's work.
    if (this.running) throw new Conflict(REBUILD_IN_PROGRESS);
    const run = this.runRebuild(names, options);
    this.running = run;
    try {
      return await run;
    } finally {
      this.running = null;
    }
  }

  /** The rebuild under way, if any. */
  get rebuildInProgress(): boolean {
    return this.running !== null;
  }
  private running: Promise<RebuildResult> | null = null;

  private async runRebuild(names: string[] | undefined, options: RebuildOptions): Promise<RebuildResult> {
    const targets = this.runners.filter((r) => !names || names.length === 0 || names.includes(r.projection.name));
    const started = performance.now();
    for (const r of targets) r.rebuilding = true;
    const shadows = targets.map((r) => ({ runner: r, collection: `${r.collection}__rebuild` }));
    /** The shadows not switched to yet: the ones the replay still feeds. */
    const building = [...shadows];
    let events = 0;
    try {
      for (const s of shadows) {
        await this.documents.dropCollection(s.collection);
        // Indexes belong to a collection: the new one carries them before it replaces the served one.
        await this.documents.ensureIndexes?.(s.collection, s.runner.projection.indexes ?? []);
      }
      let after: Position = 0n;
      // Shadow documents are written in large groups (a document touched on every page, such as a day
      // of the calendar, is then written once per group, not once per page), one collection at a time.
      let writes = new Map<string, Map<string, Doc | null>>();
      let unwritten = 0;
      const write = async (yielding: boolean) => {
        const all = writes;
        writes = new Map();
        unwritten = 0;
        if (!yielding) return this.writeAll(all);
        for (const [collection, docs] of all) {
          const entries = [...docs];
          for (let i = 0; i < entries.length; i += REBUILD_WRITE_CHUNK) {
            await this.writeAll(new Map([[collection, new Map(entries.slice(i, i + REBUILD_WRITE_CHUNK))]]));
            await nextTurn();
          }
        }
      };
      // Outside the lock the replay yields every few milliseconds, so requests keep being served
      // (the embedded stores answer synchronously: without this it would hold the process to the end).
      const catchUp = async (yielding: boolean): Promise<boolean> => {
        const batch = await this.events.readAll({ after, maxCount: this.batchSize });
        let slice = performance.now();
        for (const event of batch) {
          for (const s of building) {
            const reading = this.applyTo(s.runner.projection, s.collection, event, writes);
            if (reading) await reading;
          }
          after = event.position;
          events++;
          unwritten++;
          if (yielding && performance.now() - slice > REBUILD_SLICE_MS) {
            await nextTurn();
            slice = performance.now();
          }
        }
        const more = batch.length === this.batchSize;
        if (!more || unwritten >= this.catchUpBatchSize) await write(yielding);
        options.onProgress?.({ events, position: after.toString() });
        return more;
      };
      while (await catchUp(true)) {
        await nextTurn();
      }
      // One projection at a time under the lock, so live writes (and read-your-writes) wait for one
      // switch-over at most, not for all of them.
      const checkpoints = this.documents.collection<CheckpointDoc>(CHECKPOINTS);
      while (building.length) {
        const s = building[0]!;
        await this.withLock(async () => {
          await this.flush();
          while (await catchUp(false)) {
            // the last few events appended meanwhile
          }
          const switchedAt = new Date().toISOString();
          await this.documents.renameCollection(s.collection, s.runner.collection);
          building.shift();
          s.runner.checkpoint = after > this.processed ? after : this.processed;
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
      for (const s of building) await this.documents.dropCollection(s.collection).catch(() => undefined);
      throw error;
    } finally {
      for (const r of targets) r.rebuilding = false;
    }
    return { projections: targets.map((r) => r.projection.name), events, ms: performance.now() - started };
  }

  private withLock<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.lock.then(fn, fn);
    this.lock = next.catch(() => undefined);
    return next;
  }

  private async apply(event: RecordedEvent): Promise<void> {
    // Live events only (not the replay at start), at debug: one line per event, under the request's correlation id.
    const logger = this.options.logger;
    if (this.ready && logger?.isLevelEnabled('debug')) {
      logger.debug(
        { correlationId: event.metadata.correlationId, type: event.type, position: event.position.toString() },
        'event projected',
      );
    }
    const reading = this.applyToRunners(event);
    if (reading) await reading;
    // Catching up, larger batches: a document touched by many events is written once, not once per 500.
    if (this.pendingCount >= (this.ready ? this.batchSize : this.catchUpBatchSize)) await this.flush();
    else this.scheduleFlush();
  }

  /**
   * A flush on the next turn. Its failure (the document store unreachable) never becomes an unhandled
   * rejection that would end the process: the writes are kept (see flush) and tried again shortly.
   */
  private scheduleFlush(delayMs = 0): void {
    if (this.flushScheduled || this.stopped) return;
    this.flushScheduled = true;
    const run = () =>
      void this.withLock(() => this.flush()).catch((err: unknown) => {
        this.options.logger?.error({ err, retryInMs: FLUSH_RETRY_MS }, 'writing the read models failed; trying again');
        this.scheduleFlush(FLUSH_RETRY_MS);
      });
    if (delayMs > 0) setTimeout(run, delayMs).unref();
    else setImmediate(run);
  }

  /** The event into the pending writes of every runner that handles it; a promise only when a document had to be awaited. */
  private applyToRunners(event: RecordedEvent): Promise<void> | void {
    // A projection being rebuilt still gets live events in its current collection, so it keeps
    // answering (and read-your-writes keeps holding) until the rebuilt one replaces it.
    const runners = this.runnersByType.get(event.type) ?? [];
    const done = () => {
      this.processed = event.position;
      this.pendingCount++;
    };
    for (let i = 0; i < runners.length; i++) {
      const runner = runners[i]!;
      if (event.position <= runner.checkpoint) continue;
      const reading = this.applyTo(runner.projection, runner.collection, event, this.pending);
      if (reading) {
        return (async () => {
          await reading;
          for (const rest of runners.slice(i + 1)) {
            if (event.position <= rest.checkpoint) continue;
            await this.applyTo(rest.projection, rest.collection, event, this.pending);
          }
          done();
        })();
      }
    }
    done();
  }

  /**
   * One event into one projection's pending writes. Synchronous where the store can peek (in memory,
   * or the embedded file); a promise only where a document must be awaited (MongoDB).
   */
  private applyTo(
    projection: Projection,
    collection: string,
    event: RecordedEvent,
    writes: Map<string, Map<string, Doc | null>>,
  ): Promise<void> | void {
    if (!projection.handles.includes(event.type)) return;
    let docs = writes.get(collection);
    if (!docs) {
      docs = new Map();
      writes.set(collection, docs);
    }
    const stored = this.documents.collection(collection);
    const ids = projection.documentIds(event);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      const known = docs.get(id);
      if (known !== undefined) evolveInto(projection, docs, id, known, event);
      else if (stored.peek) evolveInto(projection, docs, id, stored.peek(id), event);
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

  private async flush(): Promise<void> {
    this.flushScheduled = false;
    if (this.pendingCount === 0 && this.pending.size === 0) {
      this.resolveWaiters();
      return;
    }
    const writes = this.pending;
    const pendingCount = this.pendingCount;
    this.pending = new Map();
    this.pendingCount = 0;
    const now = new Date().toISOString();
    for (const r of this.runners) {
      if (writes.has(r.collection)) r.changedAt = this.processed;
      if (this.processed > r.checkpoint) r.checkpoint = this.processed;
    }
    // Documents and checkpoints in one batch: a persisted store never holds one without the other.
    try {
      await this.documents.applyBatch([
        ...batchOf(writes),
        { collection: CHECKPOINTS, puts: this.runners.map((r) => checkpointOf(r, now)), deletes: [] },
      ]);
    } catch (error) {
      // Keep the writes for the next flush (nothing was added meanwhile: flushes and applies share the
      // lock). Dropping them would leave a gap a resumed subscription never fills.
      this.pending = writes;
      this.pendingCount = pendingCount;
      throw error;
    }
    this.resolveWaiters();
  }

  private async writeAll(writes: Map<string, Map<string, Doc | null>>): Promise<void> {
    await this.documents.applyBatch(batchOf(writes));
  }

  private resolveWaiters(): void {
    this.flushed = this.processed;
    const done = this.waiters.filter((w) => w.position <= this.flushed);
    this.waiters = this.waiters.filter((w) => w.position > this.flushed);
    for (const w of done) w.resolve();
  }
}

/**
 * Evolves one document and records the result. The stored document goes to evolve as it is (its
 * `_appliedAt` included, overwritten below): projections never change what they are given, and a
 * copy per event is what replay cost most.
 */
function evolveInto(projection: Projection, docs: Map<string, Doc | null>, id: string, current: Doc | null, event: RecordedEvent): void {
  const position = Number(event.position);
  if (current && Number(current[APPLIED_AT] ?? 0) >= position) return;
  const evolved = projection.evolve(current, event, id);
  if (!evolved) {
    docs.set(id, null);
    return;
  }
  // A projection may hand back the document it was given: the stored one must not change under it.
  const next = evolved === current ? { ...evolved } : evolved;
  next._id = id;
  next[APPLIED_AT] = position;
  docs.set(id, next);
}

function checkpointOf(runner: Runner, updatedAt: string): CheckpointDoc {
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

function batchOf(writes: Map<string, Map<string, Doc | null>>): CollectionWrites[] {
  return [...writes].map(([collection, docs]) => {
    const puts: Doc[] = [];
    const deletes: string[] = [];
    for (const [id, doc] of docs) {
      if (doc) puts.push(doc);
      else deletes.push(id);
    }
    return { collection, puts, deletes };
  });
}
