import type { Logger } from 'pino';
import type { Position } from '../event-store/event-store.js';
import type { DocumentStore } from '../document-store/document-store.js';
import {
  ALL_APPLIED,
  batchOf,
  stampApplied,
  CHECKPOINTS,
  checkpointOf,
  type CheckpointDoc,
  type PendingWrites,
  type Runner,
  type WrittenDocs,
} from './projection-runner.js';
import type { PositionWaiters } from './position-waiters.js';

/** A store that takes pending writes as they are (MemoryDocumentStore); the writer hands them over. */
interface TakesWrites {
  /** False where it took nothing (the writes go to applyBatch). */
  takeWrites(writes: PendingWrites): boolean;
}

/** Wait before writing the read models again after the document store refused a batch. */
const FLUSH_RETRY_MS = 1_000;

/**
 * A projection's checkpoint is stored with its documents when they change, and every projection's at
 * least this often (and on catch-up, switch-over and stop): 21 checkpoints rewritten per flush were a
 * third of a booking's read-model writes. A restart replays at most this much more, idempotently.
 */
const CHECKPOINTS_EVERY_MS = 1_000;

export interface WriterHost {
  documents: DocumentStore;
  runners: readonly Runner[];
  positions: PositionWaiters;
  /** The last position handed to the projections. */
  processed(): Position;
  /** Serialises flushes with live application. */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  logger?: Logger;
}

/**
 * The projection engine's write side: the documents evolved but not stored yet, and the batches that
 * store them with the checkpoints (one transaction each), on the next turn or when asked.
 */
export class ReadModelWriter {
  /** Documents evolved but not written yet; `count` the events they hold. */
  pending: PendingWrites = new Map();
  count = 0;
  private scheduled = false;
  /** Position up to which every projection's checkpoint is stored, and the timer that stores the rest. */
  private storedThrough: Position = 0n;
  private storedAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly host: WriterHost) {}

  /**
   * A flush on the next turn. Its failure (the document store unreachable) never becomes an unhandled
   * rejection that would end the process: the writes are kept (see flush) and tried again shortly.
   */
  schedule(delayMs = 0): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    const run = () =>
      void this.host
        .withLock(() => this.flush())
        .catch((err: unknown) => {
          this.host.logger?.error({ err, retryInMs: FLUSH_RETRY_MS }, 'writing the read models failed; trying again');
          this.schedule(FLUSH_RETRY_MS);
        });
    if (delayMs > 0) setTimeout(run, delayMs).unref();
    else setImmediate(run);
  }

  /** No more scheduled flushes; the caller's last flush(true) stores what is left. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Writes the pending documents with the checkpoints of their projections (all of them when `all`,
   * or when they were last all stored CHECKPOINTS_EVERY_MS ago) and ALL_APPLIED; resolves to the
   * documents written.
   */
  async flush(all = false): Promise<WrittenDocs | undefined> {
    this.scheduled = false;
    const processed = this.host.processed();
    const now = Date.now();
    const everyCheckpoint = all || now - this.storedAt >= CHECKPOINTS_EVERY_MS;
    if (this.count === 0 && this.pending.size === 0 && (!everyCheckpoint || this.storedThrough === processed)) {
      this.host.positions.reach(processed);
      return undefined;
    }
    const writes = this.pending;
    const count = this.count;
    this.pending = new Map();
    this.count = 0;
    const updatedAt = new Date(now).toISOString();
    const checkpoints: CheckpointDoc[] = [{ _id: ALL_APPLIED, position: processed.toString(), updatedAt }];
    for (const r of this.host.runners) {
      const changed = writes.has(r.collection);
      if (changed) r.changedAt = processed;
      if (processed > r.checkpoint) r.checkpoint = processed;
      if (changed || everyCheckpoint) checkpoints.push(checkpointOf(r, updatedAt));
    }
    // Documents and checkpoints in one batch: a persisted store never holds one without the other.
    const checkpointWrites = { collection: CHECKPOINTS, puts: checkpoints, deletes: [] };
    const documents = this.host.documents as DocumentStore & Partial<TakesWrites>;
    stampApplied(writes, Number(processed));
    try {
      // A store in this process's memory takes the maps themselves: a catch-up's collections are not
      // copied into arrays, then into maps of the store's own (nothing to persist, nothing to fail).
      if (documents.takeWrites?.(writes)) await documents.applyBatch([checkpointWrites]);
      else await documents.applyBatch([...batchOf(writes), checkpointWrites]);
    } catch (error) {
      // Keep the writes for the next flush (nothing was added meanwhile: flushes and applies share the
      // lock). Dropping them would leave a gap a resumed subscription never fills.
      this.pending = writes;
      this.count = count;
      throw error;
    }
    if (everyCheckpoint) {
      this.storedThrough = processed;
      this.storedAt = now;
    } else this.storeCheckpointsSoon();
    this.host.positions.reach(processed);
    return writes;
  }

  /** The checkpoints a partial flush left behind, stored once things are quiet (an idle projector's lag stays true). */
  private storeCheckpointsSoon(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.host
        .withLock(() => this.flush(true))
        .catch((err: unknown) => {
          this.host.logger?.error({ err }, 'storing the read models’ checkpoints failed; trying again');
          this.storeCheckpointsSoon();
        });
    }, CHECKPOINTS_EVERY_MS);
    this.timer.unref();
  }
}
