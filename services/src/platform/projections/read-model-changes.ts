import type { Logger } from 'pino';
import type { EventStore, Position, RecordedEvent, Subscription } from '../event-store/event-store.js';
import type { Projection } from './projection.js';
import type { ReadModelWaiter } from './read-models.js';

/** Events whose read models now hold them, in position order, each with the read models it changed. */
export interface ReadModelChange {
  /** The position the read models have reached: every event up to it is in them. */
  position: Position;
  events: { event: RecordedEvent; readModels: readonly string[] }[];
  /**
   * Events up to `position` left out of `events` because more than `maxPending` waited for the read
   * models (a projector far behind): the oldest went first. Live updates then end their streams, so
   * the browsers' reconnects refetch every list.
   */
  overflowed?: number;
}

export type ReadModelChangeListener = (change: ReadModelChange) => void;
/** Told when following stopped for good (the subscription dropped): the listener is forgotten after it. */
export type ReadModelChangesEnded = () => void;

export interface ReadModelChangesOptions {
  logger?: Logger;
  /** One round of waiting for the read models; a projector that is behind is waited for round after round. */
  waitRoundMs?: number;
  /** Events held while the read models are behind, at most (default 1000): the oldest beyond it are counted, not kept. */
  maxPending?: number;
}

const MAX_PENDING = 1000;

interface Following {
  subscription: Subscription | null;
  stopped: boolean;
  /** Resolves once the subscription is open, with the position it follows from. */
  started: Promise<Position>;
  pending: RecordedEvent[];
  /** Events dropped from `pending` (its oldest) since the last announcement. */
  overflowed: number;
  draining: boolean;
}

/**
 * "A read model changed", for live clients, in both modes: follows the event store's $all from its
 * head and announces events once the read models hold them (the in-process engine, or the
 * projector's checkpoints with the real servers). It follows only while someone listens, so
 * requests and appends cost nothing extra when nobody does; bursts are announced together.
 */
export class ReadModelChanges {
  private readonly listeners = new Map<ReadModelChangeListener, ReadModelChangesEnded | undefined>();
  /** The projections that handle each event type: events no read model handles are not announced. */
  private readonly byType = new Map<string, string[]>();
  private following: Following | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly readModels: ReadModelWaiter,
    projections: readonly Projection[],
    private readonly options: ReadModelChangesOptions = {},
  ) {
    for (const p of projections) {
      for (const type of p.handles) this.byType.set(type, [...(this.byType.get(type) ?? []), p.name]);
    }
  }

  get listening(): number {
    return this.listeners.size;
  }

  /**
   * Resolves, once changes are being followed, with the position they are followed from and the
   * function that stops listening (the last one out stops the following).
   */
  async listen(
    listener: ReadModelChangeListener,
    onEnded?: ReadModelChangesEnded,
  ): Promise<{ position: Position; stop: () => Promise<void> }> {
    this.listeners.set(listener, onEnded);
    const following = this.following ?? this.follow();
    let position: Position;
    try {
      position = await following.started;
    } catch (error) {
      await this.remove(listener);
      throw error;
    }
    return { position, stop: () => this.remove(listener) };
  }

  /** Stops following and forgets every listener (shutdown). */
  async close(): Promise<void> {
    this.listeners.clear();
    await this.unfollow();
  }

  private async remove(listener: ReadModelChangeListener): Promise<void> {
    this.listeners.delete(listener);
    if (this.listeners.size === 0) await this.unfollow();
  }

  private follow(): Following {
    const following: Following = {
      subscription: null,
      stopped: false,
      started: Promise.resolve(0n),
      pending: [],
      overflowed: 0,
      draining: false,
    };
    following.started = this.events.headPosition().then((head) => {
      if (!following.stopped) {
        following.subscription = this.events.subscribeToAll((event) => this.received(following, event), {
          after: head,
          onError: (err) => {
            // What follows would be missed: end every listener (a live client reconnects and refetches)
            // and let the next one start afresh.
            this.options.logger?.warn({ err }, 'live updates: the event subscription dropped');
            following.stopped = true;
            void following.subscription?.close().catch(() => undefined);
            if (this.following !== following) return;
            this.following = null;
            const ended = [...this.listeners.values()];
            this.listeners.clear();
            for (const onEnded of ended) onEnded?.();
          },
        });
      }
      return head;
    });
    this.following = following;
    return following;
  }

  private async unfollow(): Promise<void> {
    const following = this.following;
    if (!following) return;
    this.following = null;
    following.stopped = true;
    await following.started.catch(() => undefined);
    await following.subscription?.close();
  }

  private received(following: Following, event: RecordedEvent): void {
    if (following.stopped || !this.byType.has(event.type)) return;
    following.pending.push(event);
    // Behind for long, the newest events are what the announcement needs (the position to wait for); the
    // oldest beyond the cap are only counted, so a projector that fell behind does not grow this for ever.
    if (following.pending.length > (this.options.maxPending ?? MAX_PENDING)) {
      following.pending.shift();
      following.overflowed++;
    }
    if (!following.draining) void this.drain(following);
  }

  /** Waits until the read models hold the newest pending event, then announces everything up to it. */
  private async drain(following: Following): Promise<void> {
    following.draining = true;
    try {
      while (following.pending.length && !following.stopped) {
        const target = following.pending[following.pending.length - 1]!.position;
        try {
          await this.readModels.waitFor(target, this.options.waitRoundMs ?? 5000);
        } catch {
          // Behind (a projector catching up, a store not answering): wait another round, announce nothing early.
          await new Promise((resolve) => setTimeout(resolve, 250));
          continue;
        }
        const events = following.pending.filter((e) => e.position <= target);
        following.pending = following.pending.filter((e) => e.position > target);
        const overflowed = following.overflowed;
        following.overflowed = 0;
        if (overflowed) this.options.logger?.warn({ overflowed }, 'live updates: the read models were far behind; older changes left out');
        if (!following.stopped) {
          const change: ReadModelChange = {
            position: target,
            events: events.map((event) => ({ event, readModels: this.byType.get(event.type) ?? [] })),
          };
          this.announce(overflowed ? { ...change, overflowed } : change);
        }
      }
    } finally {
      following.draining = false;
    }
  }

  private announce(change: ReadModelChange): void {
    for (const listener of this.listeners.keys()) {
      try {
        listener(change);
      } catch (err) {
        this.options.logger?.error({ err }, 'live updates: a listener failed');
      }
    }
  }
}
