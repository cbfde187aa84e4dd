import type { Logger } from 'pino';
import type { Clock } from '../platform/clock.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';

/** Where the e-mail reactor keeps its checkpoint: beside the read models, one document. */
export const REACTOR_CHECKPOINTS = '_reactor_checkpoints';
const CHECKPOINT_ID = 'notifications';

/**
 * The e-mail reactor's checkpoint: the position up to which every event's mails are settled (sent,
 * refused for good, or abandoned). Events whose mails are queued or wait for a retry are held open,
 * so the checkpoint stays before them and a restart reads them again.
 *
 * It is always an event's own position (the last event seen before the lowest one held), never
 * "lowest held − 1": on EventStoreDB positions are byte offsets in its log, and a subscription from
 * inside a record is refused, so a restart would fail on it for ever.
 */
export class ReactorCheckpoint {
  /** Positions of the events whose mails are queued or waiting for a retry (a count per position). */
  private readonly open = new Map<bigint, number>();
  /** Of each event that may be held (one with mails), the event seen just before it. */
  private readonly before = new Map<bigint, bigint>();
  /** The last event seen (or where reading started). */
  private last: bigint;
  private saved: bigint | null = null;
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: { documents?: DocumentStore; clock: Clock; logger: Logger; everyMs?: number },
    /** The last event already seen, until startAt says where reading starts (a tool writing the head as the checkpoint). */
    seen: () => bigint = () => 0n,
  ) {
    this.last = seen();
  }

  /** Reading starts after `position` (an event's, or 0: the log's start); nothing is held yet. */
  startAt(position: bigint): void {
    this.before.clear();
    this.last = position;
  }

  /** An event the reactor saw, in log order; `mailed`: its mails may be held. */
  saw(position: bigint, mailed: boolean): void {
    if (mailed) this.before.set(position, this.last);
    this.last = position;
  }

  /** Once catch-up has held what it owes: the events it settled without a mail need no predecessor. */
  forgetUnheld(): void {
    for (const position of this.before.keys()) if (!this.open.has(position)) this.before.delete(position);
  }

  /** The stored position, or null where there is none (or no store to keep one). */
  async load(): Promise<bigint | null> {
    const stored = await this.deps.documents?.collection(REACTOR_CHECKPOINTS).get(CHECKPOINT_ID);
    if (!stored || typeof stored.position !== 'string') return null;
    return BigInt(stored.position);
  }

  /** The position resumed from: nothing at or before it needs writing again. */
  resumedAt(position: bigint): void {
    this.saved = position;
  }

  hold(position: bigint): void {
    this.open.set(position, (this.open.get(position) ?? 0) + 1);
  }

  release(position: bigint): void {
    const count = (this.open.get(position) ?? 0) - 1;
    if (count > 0) this.open.set(position, count);
    else {
      this.open.delete(position);
      this.before.delete(position);
    }
  }

  /** A write within `everyMs` (1 s by default), one at a time. */
  schedule(): void {
    if (!this.deps.documents || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save();
    }, this.deps.everyMs ?? 1_000);
    this.timer.unref();
  }

  /** Writes it now (at stop); a failure is logged and the next write tries again. */
  save(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const documents = this.deps.documents;
    if (!documents) return this.saving;
    this.saving = this.saving.then(async () => {
      const position = this.settledUpTo();
      if (position === null || (this.saved !== null && position <= this.saved)) return;
      try {
        await documents
          .collection(REACTOR_CHECKPOINTS)
          .putMany([{ _id: CHECKPOINT_ID, position: position.toString(), updatedAt: this.deps.clock.now().toISOString() }]);
        this.saved = position;
      } catch (err) {
        // A restart meanwhile reads a little more of the log; the claims keep every mail single.
        this.deps.logger.warn({ err }, 'the notifications checkpoint could not be written');
      }
    });
    return this.saving;
  }

  /** The greatest event seen below the lowest one held (all seen, when none is); null if unknown (not moved then). */
  private settledUpTo(): bigint | null {
    let lowest: bigint | null = null;
    for (const position of this.open.keys()) if (lowest === null || position < lowest) lowest = position;
    return lowest === null ? this.last : (this.before.get(lowest) ?? null);
  }
}
