import type { EventMetadata } from '@cafe/contracts';

/**
 * The EventStore port. Positions are global, strictly increasing and comparable across streams;
 * revisions count from 0 within a stream (EventStoreDB's convention).
 */
export type Position = bigint;

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** Optional client-chosen id (uuid) so a retried append can be recognised. */
  id?: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  streamId: string;
  revision: bigint;
  position: Position;
  data: Data;
  metadata: EventMetadata;
  /** When the store recorded it (ISO). */
  recordedAt: string;
}

export interface AppendResult {
  /** Revision of the last event written: what a following append should expect. */
  nextExpectedRevision: bigint;
  /** Position of the last event written: what read-your-writes waits for. */
  position: Position;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive. Default: start (forwards) or end (backwards). */
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: only events after this position. Default: from the very start. */
  after?: Position;
  maxCount?: number;
  direction?: 'forwards' | 'backwards';
}

/**
 * One stream's part of a multi-stream append. With no events it is a condition only: the append goes
 * through only if the stream is still at `expectedRevision` (a policy the decision read, such as the
 * café's seat capacity).
 */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
  /**
   * The id of the stream's event at `expectedRevision`, when the writer decided on an append of its own
   * that is not yet acknowledged: a store that checks it refuses the append if that event is not there,
   * even when another writer brought the stream to the same revision.
   */
  expectedLastEventId?: string;
}

export interface Subscription {
  /** Stops delivery; resolves once the handler will not be called again. */
  close(): Promise<void>;
}

export interface SubscribeOptions {
  /** Exclusive start; undefined means from the beginning of $all. */
  after?: Position;
  /** Called once when the subscription has delivered everything stored at the time and goes live. */
  onCaughtUp?: () => void;
  onError?: (error: unknown) => void;
}

export interface EventStore {
  readonly kind: string;
  appendToStream(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  /**
   * Appends to several streams as one decision, in the order given; answers one result per stream
   * (a condition's result is its stream's current revision). Events with ids already stored on their
   * stream are answered with the original result (a retried append stores nothing twice).
   */
  appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]>;
  /**
   * True when appendToStreams is atomic (all or none), checks conditions and `expectedLastEventId`,
   * and applies appends in call order: a writer may then decide on its own unacknowledged appends.
   * Otherwise the streams are appended one after the other and conditions are not checked.
   */
  readonly atomicAppends: boolean;
  /** Resolves to [] for a stream that does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch-up subscription to $all (user events only): stored events in order, then live ones. */
  subscribeToAll(handler: (event: RecordedEvent) => Promise<void> | void, options?: SubscribeOptions): Subscription;
  /** Position of the last user event, or 0n when empty. */
  headPosition(): Promise<Position>;
  /**
   * How many user events follow `after`, counting at most `limit`: where positions are not event
   * numbers (EventStoreDB's are byte offsets in its log). Absent where they are (the embedded store).
   */
  countEvents?(after: Position, limit: number): Promise<number>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  readonly code = 'WRONG_EXPECTED_REVISION';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export function isWrongExpectedRevision(error: unknown): error is WrongExpectedRevisionError {
  return error instanceof WrongExpectedRevisionError;
}

/** Stream names are `<category>-<id>`: reservation-<id>, blockedDate-<yyyy-MM-dd>, businessInfo-main. */
export function streamName(category: string, id: string): string {
  return `${category}-${id}`;
}
