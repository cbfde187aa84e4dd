import type { Logger } from 'pino';
import type { EventStore, Position, RecordedEvent } from '../event-store/event-store.js';
import type { DocumentStore } from '../document-store/document-store.js';
import type { Projection } from './projection.js';
import { Conflict } from '../commands/domain-errors.js';
import { REBUILD_IN_PROGRESS, unknownProjectionsMessage } from '@cafe/contracts';
import {
  ALL_APPLIED,
  applyToAll,
  CHECKPOINTS,
  type CheckpointDoc,
  LAG_COUNT_LIMIT,
  lagsOf,
  loadCheckpoints,
  runnerOf,
  statusOf,
  type ProjectionStatus,
  type Runner,
  type WrittenDocs,
} from './projection-runner.js';
import { applyPage, canApplyPages } from './apply-page.js';
import { CATCH_UP_PAGE } from './parallel-protocol.js';
import { ReadModelWriter } from './read-model-writer.js';
import { PositionWaiters } from './position-waiters.js';
import { rebuildProjections, type RebuildOptions, type RebuildResult } from './projection-rebuild.js';
import { ResumingSubscription } from './projection-subscription.js';
import { CatchUpReader, logFilesOf, type ParallelOptions } from './parallel-catch-up.js';

export { ALL_APPLIED, CHECKPOINTS, type ProjectionStatus } from './projection-runner.js';
export type { RebuildOptions, RebuildResult } from './projection-rebuild.js';

/** Events applied per write while catching up (see the constructor). */
const CATCH_UP_BATCH = 20_000;
/** A catch-up this long has a worker thread read the log (parallel-catch-up.ts). */
const PARALLEL_MIN_EVENTS = 20_000;

export interface ProjectionEngineOptions {
  batchSize?: number;
  logger?: Logger;
  /** Wait before the n-th attempt (0-based) to subscribe again after the subscription dropped. */
  resubscribeDelayMs?: (attempt: number) => number;
  /**
   * A long catch-up (a first start, a lost read-model file, a restart far behind) of a log a worker
   * thread can read on its own (the embedded file) has it read and open the pages on a second core while
   * the projections run here. Without it, everything runs here.
   */
  parallel?: boolean | ParallelOptions;
}

/**
 * Reads $all from the lowest stored checkpoint, applies each event to the projections that handle it,
 * and writes documents and checkpoints in batches. Idempotent twice over: events at or below a
 * projection's checkpoint are skipped, and so is an event at or below a document's `_appliedAt`.
 * Rebuilds live in projection-rebuild.ts, the resuming subscription in projection-subscription.ts.
 */
export class ProjectionEngine {
  private readonly runners: Runner[];
  /** The runners that handle each event type, so an event costs only the projections it touches. */
  private readonly runnersByType = new Map<string, Runner[]>();
  private readonly batchSize: number;
  private readonly catchUpBatchSize: number;
  private readonly live: ResumingSubscription;
  /** Last position handed to the projections; `positions` has the last whose documents are written. */
  private processed: Position = 0n;
  private readonly positions = new PositionWaiters();
  /** Serialises live application, flushes and rebuild switch-overs. */
  private lock: Promise<unknown> = Promise.resolve();
  private readonly writer: ReadModelWriter;
  private ready = false;
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
    this.runners = projections.map(runnerOf);
    this.writer = new ReadModelWriter({
      documents,
      runners: this.runners,
      positions: this.positions,
      processed: () => this.processed,
      withLock: (fn) => this.withLock(fn),
      logger: options.logger,
    });
    for (const runner of this.runners) {
      for (const type of runner.projection.handles) {
        const list = this.runnersByType.get(type) ?? [];
        list.push(runner);
        this.runnersByType.set(type, list);
      }
    }
    this.batchSize = options.batchSize ?? 500;
    // A store in this process's memory holds every document anyway: a catch-up writes it once at the end,
    // not every 20,000 events (each batch's documents set into its maps again, each event's document
    // looked up in the batch, then in the store). The others keep what a batch holds bounded.
    this.catchUpBatchSize = Math.max(this.batchSize, options.batchSize ?? (documents.kind === 'memory' ? Infinity : CATCH_UP_BATCH));
    this.live = new ResumingSubscription({
      events,
      logger: options.logger,
      resubscribeDelayMs: options.resubscribeDelayMs,
      withLock: (fn) => this.withLock(fn),
      position: () => this.processed,
      deliver: (event) => this.apply(event),
      caughtUp: async () => {
        await this.flush(true);
        this.ready = true;
      },
    });
  }

  /** Caught up and subscribed: false before the first catch-up and while a dropped subscription is re-established. */
  get isReady(): boolean {
    return this.ready && this.live.behindBecause === null;
  }

  /** Why the read models are behind (a dropped subscription being resumed), or null. */
  get behindBecause(): string | null {
    return this.live.behindBecause;
  }

  /** Where the last start's catch-up began: the read models held everything up to it already. */
  get startedFrom(): Position {
    return this.catchUpFrom;
  }
  private catchUpFrom: Position = 0n;

  get position(): Position {
    return this.positions.reached;
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
    await loadCheckpoints(this.documents, this.runners);
    await this.rebuildAheadOfLog();
    // The projections' declared indexes (MongoDB), before reading: idempotent on every start. One the
    // store refuses is logged, not thrown: read models without an index are slow, a crash loop serves nothing.
    for (const runner of this.runners) {
      try {
        await this.documents.ensureIndexes?.(runner.collection, runner.projection.indexes ?? []);
      } catch (err) {
        this.options.logger?.error(
          { err, collection: runner.collection },
          `the indexes of ${runner.projection.name} could not be made; projecting without them`,
        );
      }
    }
    const outdated = this.runners.filter((r) => r.builtWith !== (r.projection.version ?? 1)).map((r) => r.projection.name);
    const from = this.runners.reduce<Position>(
      (min, r) => (r.checkpoint < min ? r.checkpoint : min),
      this.runners.length ? this.runners[0]!.checkpoint : 0n,
    );
    this.processed = from;
    this.catchUpFrom = from;
    this.positions.reached = from;
    await this.catchUp(from);
    let first = true;
    await new Promise<void>((resolve, reject) => {
      // Called again after each resumed subscription: only the first catch-up starts anything.
      this.live.start(() => {
        if (!first) return;
        first = false;
        resolve();
        if (outdated.length) this.rebuildOutdated(outdated);
      }, reject);
    });
  }

  /**
   * Page by page up to the head before subscribing: no promise per event, so a restart far behind (or
   * a first start) costs what the projections cost, not the delivery. The documents of the batch
   * written last stay at hand: an event touching one of them again (the next change of a booking)
   * reads it from memory, not from the store. A long catch-up of the embedded log has a worker thread
   * read and open the pages (see parallel-catch-up.ts) while this one applies the projections.
   */
  private async catchUp(from: Position): Promise<void> {
    const reader = await this.catchUpReader(from);
    let delivering = false;
    let warned = false;
    let written: WrittenDocs | undefined;
    const byPage = canApplyPages(this.documents, this.runners);
    try {
      for (;;) {
        let page: RecordedEvent[] | null = null;
        if (reader?.failed && !delivering && !warned) {
          warned = true;
          this.options.logger?.warn({ err: reader.failed }, 'the catch-up reader could not start; reading here');
        }
        if (reader && !reader.failed && delivering) {
          page = await reader.next(this.processed);
          if (!page) this.options.logger?.warn({ err: reader.failed }, 'the catch-up reader failed; reading on here');
        }
        if (!page) {
          page = await this.events.readAll({ after: this.processed, maxCount: CATCH_UP_PAGE });
          // The reader, once loaded, starts on the page after this one while this one is applied here.
          if (reader && !reader.failed && !delivering && page.length === CATCH_UP_PAGE) {
            // The embedded store answers without a turn of the event loop: one, so the reader's "ready" arrives.
            await new Promise<void>((resolve) => setImmediate(resolve));
            if (reader.ready) {
              reader.start(page[page.length - 1]!.position);
              delivering = true;
              this.options.logger?.info(
                { from: page[page.length - 1]!.position.toString() },
                'catching up on two cores: a worker thread reads and opens the log, the projections run here',
              );
            }
          }
        }
        if (byPage) {
          // In pieces that end where a batch of writes is due.
          for (let start = 0; start < page.length;) {
            const end = Math.min(page.length, start + Math.max(1, this.catchUpBatchSize - this.writer.count));
            const piece = start === 0 && end === page.length ? page : page.slice(start, end);
            applyPage(this.documents, this.runners, piece, this.writer.pending);
            this.applied(piece[piece.length - 1]!, piece.length);
            if (this.writer.count >= this.catchUpBatchSize) await this.flush();
            start = end;
          }
          if (page.length < CATCH_UP_PAGE) break;
          continue;
        }
        for (const event of page) {
          const reading = this.applyToRunners(event, written);
          if (reading) await reading;
          if (this.writer.count >= this.catchUpBatchSize) written = await this.flush();
        }
        if (page.length < CATCH_UP_PAGE) break;
      }
    } finally {
      await reader?.close();
    }
    await this.flush(true);
  }

  /** A reader thread for a catch-up this long of a log one can read (the embedded file), when asked for. */
  private async catchUpReader(from: Position): Promise<CatchUpReader | null> {
    const parallel = this.options.parallel;
    if (!parallel) return null;
    const options = parallel === true ? {} : parallel;
    const files = logFilesOf(this.events);
    if (!files) return null;
    const head = await this.events.headPosition();
    if (Number(head - from) < (options.minEvents ?? PARALLEL_MIN_EVENTS)) return null;
    let reader: CatchUpReader;
    try {
      reader = new CatchUpReader(files);
    } catch (err) {
      this.options.logger?.warn({ err }, 'the catch-up reader could not start; reading here');
      return null;
    }
    if (options.awaitWorker) await reader.whenReady();
    return reader;
  }

  /**
   * A checkpoint beyond the log's head (read models restored from a later backup than the log, or
   * the log restored alone) would skip every new event up to it: those read models are dropped and
   * built again from the log by the catch-up that follows, and the operator is told.
   */
  private async rebuildAheadOfLog(): Promise<void> {
    const head = await this.events.headPosition();
    // The checkpoint for all, beyond the head, would tell a waiting gateway that writes are applied before they are.
    const all = await this.documents.collection<CheckpointDoc>(CHECKPOINTS).get(ALL_APPLIED);
    if (all && BigInt(all.position) > head) await this.documents.collection(CHECKPOINTS).deleteMany([ALL_APPLIED]);
    const ahead = this.runners.filter((r) => r.checkpoint > head);
    if (ahead.length === 0) return;
    this.options.logger?.error(
      { head: head.toString(), checkpoints: Object.fromEntries(ahead.map((r) => [r.projection.name, r.checkpoint.toString()])) },
      'read-model checkpoints lie beyond the head of the event log (restored from different backups?): rebuilding those read models from the log',
    );
    for (const r of ahead) {
      await this.documents.dropCollection(r.collection);
      r.checkpoint = 0n;
      r.changedAt = 0n;
      r.builtWith = r.projection.version ?? 1;
    }
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
    this.live.halt();
    await this.outdated;
    await this.live.close();
    this.writer.stop();
    await this.withLock(() => this.flush(true));
  }

  /**
   * Read-your-writes: resolves once every projection has applied the event at `position`.
   * Rejects after `timeoutMs` so a stuck projector turns into a clear error, not a hung request.
   */
  waitFor(position: Position, timeoutMs = 5000): Promise<void> {
    return this.positions.waitFor(position, timeoutMs);
  }

  /** Lag in events, counted up to `lagLimit` (see lagsOf). */
  async status(lagLimit = LAG_COUNT_LIMIT): Promise<ProjectionStatus[]> {
    const head = await this.events.headPosition();
    const lags = await lagsOf(
      this.events,
      head,
      this.runners.map((r) => r.checkpoint),
      lagLimit,
    );
    return this.runners.map((r) => statusOf(r, head, lags.get(r.checkpoint)!));
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

  private runRebuild(names: string[] | undefined, options: RebuildOptions): Promise<RebuildResult> {
    const targets = this.runners.filter((r) => !names || names.length === 0 || names.includes(r.projection.name));
    const host = {
      events: this.events,
      documents: this.documents,
      batchSize: this.batchSize,
      catchUpBatchSize: this.catchUpBatchSize,
      withLock: <T>(fn: () => Promise<T>) => this.withLock(fn),
      flush: async () => {
        await this.flush(true);
      },
      processed: () => this.processed,
      openReader: (from: Position) => this.catchUpReader(from),
    };
    return rebuildProjections(host, targets, options);
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
    if (this.writer.count >= (this.ready ? this.batchSize : this.catchUpBatchSize)) await this.flush();
    else this.writer.schedule();
  }

  /** The event into the pending writes of every runner that handles it; a promise only when a document had to be awaited. */
  private applyToRunners(event: RecordedEvent, written?: WrittenDocs): Promise<void> | void {
    // A projection being rebuilt still gets live events in its current collection, so it keeps
    // answering (and read-your-writes keeps holding) until the rebuilt one replaces it.
    const reading = applyToAll(this.documents, this.runnersByType.get(event.type), event, this.writer.pending, written);
    if (reading) return reading.then(() => this.applied(event));
    this.applied(event);
  }

  /** `event` is the last of `count` events applied. */
  private applied(event: RecordedEvent, count = 1): void {
    this.processed = event.position;
    this.writer.count += count;
  }

  private flush(all = false): Promise<WrittenDocs | undefined> {
    return this.writer.flush(all);
  }
}
