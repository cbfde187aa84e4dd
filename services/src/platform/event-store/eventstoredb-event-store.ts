import {
  BACKWARDS,
  EventStoreDBClient,
  FORWARDS,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type Direction,
  type ReadPosition,
} from '@eventstore/db-client';
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

/** Production EventStore: EventStoreDB (or KurrentDB) through its gRPC client. */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb';
  /**
   * The client this adapter is built on has no multi-stream append: a decision's streams are appended
   * one after the other, in the order given, and conditions are read, not checked (see StreamAppend).
   */
  readonly atomicAppends = false;
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly client: EventStoreDBClient) {}

  /** e.g. `esdb://localhost:2113?tls=false`. Connects lazily, on the first call. */
  static connect(connectionString: string): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
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
      throw toPortError(error, streamId, expected);
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
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) recorded.push(event);
      }
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
      const page = await this.readAllPage(backwards ? BACKWARDS : FORWARDS, from, PAGE);
      for (const resolved of page) {
        const position = positionOf(resolved);
        if (position === undefined) continue;
        if (bound !== undefined && (backwards ? position >= bound : position <= bound)) continue;
        bound = position;
        const event = toRecordedEvent(resolved);
        if (event) recorded.push(event);
        if (recorded.length >= wanted) return recorded;
      }
      if (page.length < PAGE || bound === undefined) return recorded;
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

    const fail = (error: unknown) => {
      if (stopped) return;
      stopped = true;
      this.subscriptions.delete(subscription);
      void stream.unsubscribe();
      if (options.onError) options.onError(error);
      // Without a handler the failure must not pass silently: surface it as an unhandled rejection.
      else void Promise.reject(asError(error));
    };
    const checkCaughtUp = () => {
      if (caughtUp || stopped) return;
      const byMarker = caughtUpAfter !== null && handled >= caughtUpAfter;
      const byHead = headAtStart !== null && lastPosition >= headAtStart;
      if (byMarker || byHead) {
        caughtUp = true;
        options.onCaughtUp?.();
      }
    };
    // Handlers run one at a time, in order, on a promise chain fed by the stream.
    const enqueue = (step: () => Promise<void> | void) => {
      chain = chain.then(step).catch(fail);
    };

    stream.on('data', (resolved: AllStreamResolvedEvent) => {
      received++;
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
        this.subscriptions.delete(subscription);
        await stream.unsubscribe();
        await chain;
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<Position> {
    const [last] = await this.readAll({ direction: 'backwards', maxCount: 1 });
    return last?.position ?? 0n;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.client.dispose();
  }

  private async readAllPage(direction: Direction, fromPosition: ReadPosition, maxCount: number): Promise<AllStreamResolvedEvent[]> {
    const page: AllStreamResolvedEvent[] = [];
    for await (const resolved of this.client.readAll({ direction, fromPosition, maxCount })) page.push(resolved);
    return page;
  }

  private async lastPositionOf(streamId: string): Promise<Position> {
    const [last] = await this.readStream(streamId, { direction: 'backwards', maxCount: 1 });
    if (!last) throw new Error(`Stream ${streamId} is empty right after an append`);
    return last.position;
  }
}
