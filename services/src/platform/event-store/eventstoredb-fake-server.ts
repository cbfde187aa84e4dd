import { randomUUID } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
  type EventData,
  type EventStoreDBClient,
  type Position as ClientPosition,
  type ReadPosition,
  type ReadRevision,
} from '@eventstore/db-client';

/**
 * Without Docker the real server cannot run here, so the adapter's own logic (paging $all, exclusive
 * positions, skipping system events, counting events before the caught-up marker, error mapping) is
 * exercised against a stand-in for the gRPC client that reproduces the server's observable
 * behaviour: positions that are byte offsets in the log (each record's serialized size apart), system
 * events between user events, inclusive forward reads, a read or subscription from a position where no
 * record starts refused, StreamNotFound raised while reading, and a caught-up marker emitted while events
 * still sit in the stream's buffer. The same contract then runs on the real server wherever Docker exists.
 */
interface Stored {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  created: Date;
  position: ClientPosition;
}

export class FakeEventStoreDbServer {
  readonly log: Stored[] = [];
  private readonly streams = new Map<string, Stored[]>();
  private readonly live = new Set<(e: Stored) => void>();
  private readonly open = new Set<ServerMessages>();
  /** Where the next record starts: the log's end, in bytes. */
  private nextPosition = 0n;
  /** Where each record starts: the only positions a read or a subscription may start from. */
  private readonly starts = new Set<bigint>();
  /** Faults to inject: what a real server or network does that this machine cannot reproduce. */
  readonly faults: {
    /** Reads answer nothing and never end (a server that stopped answering). */
    hangReads?: boolean;
    /** Subscriptions are accepted and never deliver anything, not even the caught-up marker. */
    silentSubscriptions?: boolean;
    /** `unsubscribe()` rejects with this (the client's error names the connection string). */
    unsubscribeError?: Error;
    /** Awaited as an append reaches the server, before its expected revision is checked: another writer may write meanwhile. */
    beforeAppend?: (stream: string) => Promise<void> | void;
  } = {};
  /** Events (system ones included) sent by reads of $all: what a read costs the server. */
  eventsSentByReadAll = 0;

  constructor() {
    // A fresh server already holds its own events.
    this.write('$epoch-information', '$epoch-information', {});
    this.write('$scavenges', '$scavengeIndexInitialized', {});
  }

  client(): EventStoreDBClient {
    const fake = {
      appendToStream: async (
        name: string,
        events: EventData | EventData[],
        options: { expectedRevision?: AppendExpectedRevision } = {},
      ) => {
        const list = Array.isArray(events) ? events : [events];
        await new Promise((r) => setImmediate(r));
        await this.faults.beforeAppend?.(name);
        const stored = this.streams.get(name) ?? [];
        const current = stored.at(-1)?.revision;
        const expected = options.expectedRevision ?? ANY;
        // The server's idempotence: the same event ids written after the same expected revision answer the first write.
        const at = typeof expected === 'bigint' ? Number(expected) + 1 : expected === NO_STREAM ? 0 : -1;
        const earlier = at >= 0 ? stored.slice(at, at + list.length) : [];
        if (earlier.length === list.length && list.every((e, i) => e.id === earlier[i]!.id)) {
          const last = earlier.at(-1)!;
          return { success: true, nextExpectedRevision: last.revision, position: last.position };
        }
        const ok =
          expected === ANY ||
          (expected === NO_STREAM && current === undefined) ||
          (expected === STREAM_EXISTS && current !== undefined) ||
          (typeof expected === 'bigint' && current === expected);
        if (!ok) {
          throw new WrongExpectedVersionError(undefined, { streamName: name, expected, current: current ?? NO_STREAM });
        }
        let last!: Stored;
        for (const e of list) {
          last = this.write(name, e.type, e.data, e.metadata, e.id);
          // The server's own bookkeeping lands between user events.
          if (this.nextPosition % 3n === 0n) this.write(`$$${name}`, '$metadata', {});
        }
        return { success: true, nextExpectedRevision: last.revision, position: last.position };
      },
      readStream: (name: string, options: { direction?: string; fromRevision?: ReadRevision; maxCount?: number | bigint } = {}) => {
        const events = this.streams.get(name);
        if (!events) return failing(new StreamNotFoundError(undefined, name));
        const backwards = options.direction === BACKWARDS;
        const from = options.fromRevision;
        let selected = backwards
          ? [...events].reverse().filter((e) => typeof from !== 'bigint' || e.revision <= from)
          : events.filter((e) => typeof from !== 'bigint' || e.revision >= from);
        if (options.maxCount !== undefined) selected = selected.slice(0, Number(options.maxCount));
        return Readable.from(selected.map(resolved));
      },
      readAll: (options: { direction?: string; fromPosition?: ReadPosition; maxCount?: number | bigint } = {}) => {
        const backwards = options.direction === BACKWARDS;
        const from = options.fromPosition;
        if (!startsRecord(from, this)) return failing(invalidPosition(from));
        // Forwards from a position includes the event at it; backwards starts just before it.
        let selected = backwards
          ? [...this.log].reverse().filter((e) => from === undefined || from === END || e.position.commit < (from as ClientPosition).commit)
          : this.log.filter((e) => from === undefined || from === START || e.position.commit >= (from as ClientPosition).commit);
        if (options.maxCount !== undefined) selected = selected.slice(0, Number(options.maxCount));
        if (this.faults.hangReads) return new Readable({ objectMode: true, read() {} });
        this.eventsSentByReadAll += selected.length;
        return Readable.from(selected.map(resolved));
      },
      subscribeToAll: (options: { fromPosition?: ReadPosition; filter?: { regex?: string } } = {}) => {
        const from = options.fromPosition;
        const regex = new RegExp(options.filter?.regex ?? '.*');
        const stream = new ServerMessages();
        const send = (e: Stored) => {
          if (regex.test(e.type)) stream.write({ event: resolved(e) });
        };
        const listener = (e: Stored) => send(e);
        stream.unsubscribe = async () => {
          this.live.delete(listener);
          this.open.delete(stream);
          stream.destroy();
          if (this.faults.unsubscribeError) throw this.faults.unsubscribeError;
        };
        this.open.add(stream);
        setImmediate(() => {
          if (stream.destroyed) return;
          if (!startsRecord(from, this)) return stream.destroy(invalidPosition(from));
          if (this.faults.silentSubscriptions) return;
          // Subscriptions start after the position given.
          for (const e of this.log)
            if (from === undefined || from === START || e.position.commit > (from as ClientPosition).commit) send(e);
          stream.write({ caughtUp: true });
          this.live.add(listener);
        });
        return stream;
      },
      dispose: async () => undefined,
    };
    return fake as unknown as EventStoreDBClient;
  }

  /** A server started on a copy of this one's files taken when `head` was its last record (a restore): the same positions. */
  restoredUpTo(head: bigint): FakeEventStoreDbServer {
    const copy = new FakeEventStoreDbServer();
    copy.log.length = 0;
    copy.streams.clear();
    copy.starts.clear();
    copy.nextPosition = this.log.find((e) => e.position.commit > head)?.position.commit ?? this.nextPosition;
    for (const record of this.log.filter((e) => e.position.commit <= head)) {
      copy.log.push(record);
      copy.streams.set(record.streamId, [...(copy.streams.get(record.streamId) ?? []), record]);
      copy.starts.add(record.position.commit);
    }
    return copy;
  }

  /** The server restarts (or the connection breaks): every open subscription fails, events still in flight are lost. */
  dropSubscriptions(): number {
    const dropped = [...this.open];
    this.open.clear();
    this.live.clear();
    for (const stream of dropped) stream.destroy(Object.assign(new Error('14 UNAVAILABLE: Connection dropped'), { code: 14 }));
    return dropped.length;
  }

  /** Whether a record starts at `position`, or the log ends there (where the next one will start). */
  startsAt(position: bigint): boolean {
    return position === this.nextPosition || this.starts.has(position);
  }

  private write(name: string, type: string, data: unknown, metadata?: unknown, id: string = randomUUID()): Stored {
    const stream = this.streams.get(name) ?? [];
    this.streams.set(name, stream);
    const stored: Stored = {
      streamId: name,
      id,
      revision: BigInt(stream.length),
      type,
      data,
      metadata,
      created: new Date(),
      position: { commit: this.nextPosition, prepare: this.nextPosition },
    };
    // The next record starts after this one: its header and what it holds.
    this.starts.add(this.nextPosition);
    this.nextPosition += RECORD_HEADER_BYTES + BigInt(Buffer.byteLength(JSON.stringify({ name, id, type, data, metadata })));
    stream.push(stored);
    this.log.push(stored);
    for (const listener of this.live) listener(stored);
    return stored;
  }
}

/**
 * Like the client's Subscription: a Transform over the server's messages that pushes events and
 * emits 'caughtUp' when that message passes, while earlier events may still wait in its buffer.
 */
class ServerMessages extends Transform {
  unsubscribe: () => Promise<void> = async () => undefined;
  constructor() {
    super({ objectMode: true });
  }
  override _transform(message: { event?: unknown; caughtUp?: true }, _encoding: string, next: TransformCallback): void {
    if (message.caughtUp) this.emit('caughtUp');
    if (message.event) return next(null, message.event);
    next();
  }
}

/** What a log record costs besides its payload (a prepare record's fixed fields). */
const RECORD_HEADER_BYTES = 96n;

/** START, END and a record's own position are where a read can start; a position inside a record is not. */
function startsRecord(from: ReadPosition | undefined, server: FakeEventStoreDbServer): boolean {
  if (from === undefined || from === START || from === END) return true;
  const { commit, prepare } = from;
  return commit === prepare && server.startsAt(commit);
}

/** The server refuses to read from the middle of a record (its reader would parse garbage). */
function invalidPosition(from: ReadPosition | undefined): Error {
  const { commit, prepare } = from as ClientPosition;
  return Object.assign(new Error(`Invalid position: no record of the log starts at C:${commit}/P:${prepare}`), { code: 3 });
}

function resolved(e: Stored) {
  return { event: { ...e, isJson: true }, commitPosition: e.position.commit };
}

function failing(error: Error): Readable {
  return new Readable({
    objectMode: true,
    read() {
      this.destroy(error);
    },
  });
}
