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
 */
export class ReactorCheckpoint {
  /** Positions of the events whose mails are queued or waiting for a retry (a count per position). */
  private readonly open = new Map<bigint, number>();
  private saved: bigint | null = null;
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: { documents?: DocumentStore; clock: Clock; logger: Logger; everyMs?: number },
    /** The last event the reactor has seen. */
    private readonly seen: () => bigint,
  ) {}

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
    else this.open.delete(position);
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
      if (this.saved !== null && position <= this.saved) return;
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

  private settledUpTo(): bigint {
    let lowest = this.seen() + 1n;
    for (const position of this.open.keys()) if (position < lowest) lowest = position;
    return lowest - 1n;
  }
}
