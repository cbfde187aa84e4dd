import {
  BACKWARDS,
  EventStoreDBClient,
  FORWARDS,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type Direction,
  type ReadPosition,
} from '@eventstore/db-client';
import type { Readable } from 'node:stream';
import type {
  AppendResult,
  EventStore,
  NewEvent,
  ExpectedRevision,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from './event-store.js';
import {
  backwardStartPosition,
  isStreamNotFound,
  positionOf,
  redactCredentials,
  startPosition,
  toClientExpectedRevision,
  toClientPosition,
  toClientReadRevision,
  toEventData,
  toPortError,
  toRecordedEvent,
} from './eventstoredb-mapping.js';
import { asError } from '../errors.js';

/** $all is read in pages so a bounded read never leaves a gRPC stream half-consumed. */
const PAGE = 500;
/** A subscription pauses the server stream when this many events wait for the handler. */
const HIGH_WATER = 1000;
const LOW_WATER = 100;
/**
 * The client gives reads and subscriptions an infinite gRPC deadline whatever it is asked, so the
 * adapter bounds them itself: a page of a read, and a subscription's catch-up between two events.
 * Once live, a subscription is watched by the client's keep-alive (10 s ping, 10 s timeout).
 */
const READ_DEADLINE_MS = 10_000;

export interface EventStoreDbOptions {
  /** Longest wait for one page of a read, or between two events of a subscription catching up. */
  readDeadlineMs?: number;
}
/** Production EventStore: EventStoreDB (or KurrentDB) through its gRPC client. */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb';
  /**
   * The client this adapter is built on (@eventstore/db-client, for EventStoreDB 24.10) has no multi-stream
   * append: a decision's streams are appended one after the other, in the order given, a conflict stops
   * at the stream it is on with the earlier ones stored, and conditions are read, not checked (see
   * StreamAppend). The pipeline finishes such a decision (commands/stored-part.ts). KurrentDB 25.1's
   * atomic `multiStreamAppend` needs @kurrent/kurrentdb-client: the upgrade path, not this adapter's.
   */
  readonly atomicAppends = false;
  private readonly subscriptions = new Set<Subscription>();
  private readonly readDeadlineMs: number;
  /** The head read under way: /readyz, /metrics and the waiters asking at once share one read. */
  private headRead: Promise<Position> | null = null;

  constructor(
    private readonly client: EventStoreDBClient,
    options: EventStoreDbOptions = {},
  ) {
    this.readDeadlineMs = options.readDeadlineMs ?? READ_DEADLINE_MS;
  }

  /** e.g. `esdb://localhost:2113?tls=false`. Connects lazily, on the first call. */
  static connect(connectionString: string, options: EventStoreDbOptions = {}): EventStoreDbEventStore {
    let client: EventStoreDBClient;
    try {
      client = EventStoreDBClient.connectionString(connectionString);
    } catch (error) {
      throw redactCredentials(error);
    }
    return new EventStoreDbEventStore(client, options);
  }

  async appendToStream(streamId: string, events: NewEvent[], options: { expectedRevision?: ExpectedRevision } = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), {
        expectedRevision: toClientExpectedRevision(expected),
      });
      const position = result.position?.commit ?? (await this.lastPositionOf(streamId));
      return { nextExpectedRevision: result.nextExpectedRevision, position };
    } catch (error) {
      throw redactCredentials(toPortError(error, streamId, expected));
    }
  }

  async appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    const results: AppendResult[] = [];
    for (const append of appends) {
      if (append.events.length === 0) {
        results.push({ nextExpectedRevision: typeof append.expectedRevision === 'bigint' ? append.expectedRevision : -1n, position: 0n });
        continue;
      }
      results.push(await this.appendToStream(append.streamId, append.events, { expectedRevision: append.expectedRevision }));
    }
    return results;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const recorded: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: toClientReadRevision(options.fromRevision, backwards),
        ...(options.maxCount !== undefined ? { maxCount: options.maxCount } : {}),
      });
      await this.withinDeadline(read, async () => {
        for await (const resolved of read) {
          const event = toRecordedEvent(resolved);
          if (event) recorded.push(event);
        }
      });
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return recorded;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const wanted = options.maxCount ?? Number.POSITIVE_INFINITY;
    const recorded: RecordedEvent[] = [];
    if (wanted <= 0) return recorded;
    // The port's `after` is exclusive; the server starts a read AT the position it is given.
    let bound = options.after;
    let from: ReadPosition = backwards ? backwardStartPosition(bound) : startPosition(bound);
    for (;;) {
      // No more than is still wanted (the head is one event, not a page of 500), plus one: a forward
      // read includes the event at its start, already had, and a page must always get past it.
      const asked = Math.min(PAGE, wanted - recorded.length + 1);
      const page = await this.readAllPage(backwards ? BACKWARDS : FORWARDS, from, asked);
      for (const resolved of page) {
        const position = positionOf(resolved);
        if (position === undefined) continue;
        if (bound !== undefined && (backwards ? position >= bound : position <= bound)) continue;
        bound = position;
        const event = toRecordedEvent(resolved);
        if (event) recorded.push(event);
        if (recorded.length >= wanted) return recorded;
      }
      if (page.length < asked || bound === undefined) return recorded;
      from = toClientPosition(bound);
    }
  }

  subscribeToAll(handler: (event: RecordedEvent) => Promise<void> | void, options: SubscribeOptions = {}): Subscription {
    const after = options.after ?? 0n;
    const stream = this.client.subscribeToAll({ fromPosition: startPosition(after), filter: excludeSystemEvents() });
    let stopped = false;
    let caughtUp = false;
    let received = 0;
    let handled = 0;
    let lastPosition = after;
    /** How many events precede the server's caught-up marker, once it has arrived. */
    let caughtUpAfter: number | null = null;
    /** Fallback for servers that send no caught-up marker: the head when the subscription started. */
    let headAtStart: Position | null = null;
    let chain: Promise<void> = Promise.resolve();

    // Catching up, the server must send the next event (or the marker) within the deadline: one that
    // stopped answering fails the subscription, and the subscriber resubscribes. Time the handler
    // spends on events already received (a slow write of the read models) does not count.
    let stall: NodeJS.Timeout | null = null;
    const watch = () => {
      if (stall) clearTimeout(stall);
      stall = null;
      if (caughtUp || stopped) return;
      stall = setTimeout(() => {
        if (received > handled) return watch();
        enqueue(() => fail(new Error(`The EventStoreDB subscription did not catch up within ${this.readDeadlineMs} ms`)));
      }, this.readDeadlineMs);
      stall.unref();
    };
    const fail = (error: unknown) => {
      if (stopped) return;
      stopped = true;
      if (stall) clearTimeout(stall);
      this.subscriptions.delete(subscription);
      // Its rejection (a cluster that cannot be discovered) names the connection string: never passed on.
      stream.unsubscribe().catch(() => undefined);
      const reported = redactCredentials(error);
      if (options.onError) options.onError(reported);
      // Without a handler the failure must not pass silently: surface it as an unhandled rejection.
      else void Promise.reject(asError(reported));
    };
    const checkCaughtUp = () => {
      if (caughtUp || stopped) return;
      const byMarker = caughtUpAfter !== null && handled >= caughtUpAfter;
      const byHead = headAtStart !== null && lastPosition >= headAtStart;
      if (byMarker || byHead) {
        caughtUp = true;
        if (stall) clearTimeout(stall);
        options.onCaughtUp?.();
      }
    };
    // Handlers run one at a time, in order, on a promise chain fed by the stream.
    const enqueue = (step: () => Promise<void> | void) => {
      chain = chain.then(step).catch(fail);
    };

    stream.on('data', (resolved: AllStreamResolvedEvent) => {
      received++;
      if (!caughtUp) watch();
      if (received - handled > HIGH_WATER) stream.pause();
      enqueue(async () => {
        if (stopped) return;
        const event = toRecordedEvent(resolved);
        if (event && event.position > after) {
          await handler(event);
          lastPosition = event.position;
        }
        handled++;
        if (stream.isPaused() && received - handled < LOW_WATER) stream.resume();
        checkCaughtUp();
      });
    });
    // The marker is emitted while earlier events may still sit in the readable buffer: count them.
    stream.on('caughtUp', () => {
      caughtUpAfter ??= received + stream.readableLength;
      enqueue(checkCaughtUp);
    });
    stream.on('error', (error: Error) => {
      enqueue(() => fail(error));
    });
    // A stream the server ended without an error is dropped all the same: the subscriber resubscribes.
    stream.on('close', () => {
      enqueue(() => fail(new Error('The EventStoreDB subscription was closed by the server')));
    });
    this.headPosition().then(
      (head) => {
        headAtStart = head;
        enqueue(checkCaughtUp);
      },
      (error: unknown) => enqueue(() => fail(error)),
    );

    const subscription: Subscription = {
      close: async () => {
        stopped = true;
        if (stall) clearTimeout(stall);
        this.subscriptions.delete(subscription);
        await stream.unsubscribe().catch(() => undefined);
        await chain;
      },
    };
    this.subscriptions.add(subscription);
    watch();
    return subscription;
  }

  headPosition(): Promise<Position> {
    this.headRead ??= this.readAll({ direction: 'backwards', maxCount: 1 })
      .then(([last]) => last?.position ?? 0n)
      .finally(() => {
        this.headRead = null;
      });
    return this.headRead;
  }

  /** Positions are byte offsets in the server's log: lag in events is counted, up to `limit`. */
  async countEvents(after: Position, limit: number): Promise<number> {
    return (await this.readAll({ after, maxCount: limit })).length;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }

  private async readAllPage(direction: Direction, fromPosition: ReadPosition, maxCount: number): Promise<AllStreamResolvedEvent[]> {
    const page: AllStreamResolvedEvent[] = [];
    const read = this.client.readAll({ direction, fromPosition, maxCount });
    await this.withinDeadline(read, async () => {
      for await (const resolved of read) page.push(resolved);
    });
    return page;
  }

  /**
   * Ends a read the server stopped answering: its gRPC call is cancelled and its stream destroyed with an
   * error the loop throws. Destroying the client's stream alone leaves the call open (it is piped into the
   * stream, and only `cancel()` ends it): each timed-out read of a hung server held a call and its buffers.
   */
  private async withinDeadline(read: Readable & { cancel?: () => Promise<void> }, consume: () => Promise<void>): Promise<void> {
    const timer = setTimeout(() => {
      read.cancel?.().catch(() => undefined);
      read.destroy(new Error(`EventStoreDB did not answer within ${this.readDeadlineMs} ms`));
    }, this.readDeadlineMs);
    try {
      await consume();
    } catch (error) {
      throw redactCredentials(error);
    } finally {
      clearTimeout(timer);
    }
  }

  private async lastPositionOf(streamId: string): Promise<Position> {
    const [last] = await this.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    if (!last) throw new Error(`Stream ${streamId} is empty right after an append`);
    return last.position;
  }
}
