import { PERSONAL_DATA_ERASED_TYPES, PERSONAL_DATA_EVENTS, erasedValue, normaliseEmail } from '@cafe/contracts';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StreamAppend,
  SubscribeOptions,
  Subscription,
} from '../event-store/event-store.js';
import type { GuestKeyStore } from './guest-key-store.js';
import { erasedValues, guestKeyRef, seal } from './field-cipher.js';
import { isSealed, openedData, unseal, type Sealed } from './sealed-fields.js';
import { KeyCache } from './key-cache.js';
import { GuestKeyRefs } from './guest-key-refs.js';
import type { SealedLog } from './sealed-log-reader.js';

/** Stores that can rewrite an event's data in place (the embedded SQLite file; EventStoreDB cannot). */
export interface RewritableEventStore extends EventStore {
  rewriteEventData(updates: { id: string; data: unknown }[]): Promise<number>;
}

/** Where a guest's data lies in the event log, found by `findGuest`. */
export interface GuestFootprint {
  ref: string;
  /** Booking streams that hold the guest's data; `erased` when an erasure came after the last of it. */
  bookings: { streamId: string; type: string; data: unknown; erased: boolean }[];
  /** Every stream holding an event sealed under the guest's key (bookings, and what other features keep: GuestEraser). */
  streams: string[];
  /** Events written before encryption that hold the guest's data in plain text (as stored). */
  legacy: RecordedEvent[];
}

/** What the erasure of a guest needs of the event log, beside the ordinary port. */
export interface GuestData {
  findGuest(email: string): Promise<GuestFootprint>;
  /** Crypto-shredding: after this, nothing sealed with the guest's key opens again. */
  forgetKey(ref: string): Promise<boolean>;
  /** Blanks the guest's fields in plain-text (legacy) events where the store allows it; answers how many. */
  rewriteLegacy(events: RecordedEvent[]): Promise<{ rewritten: number; left: number }>;
}

const ERASED_TYPES = new Set<string>(PERSONAL_DATA_ERASED_TYPES);
/** What each personal field reads as once its guest's key is gone. */
const ERASED = erasedValues();
const PAGE = 1000;
/** Events whose plain fields stay at hand after sealing: more than a busy minute's bookings. */
const JUST_SEALED = 4096;
/** Guests' keys a subscription keeps at hand (some 100 bytes each): a busy café's guests of many weeks. */
const SUBSCRIPTION_KEYS = 10_000;

export interface EncryptingEventStoreOptions {
  /** Keys each subscription keeps at hand, at most (default 10 000): the least recently used go first. */
  subscriptionKeys?: number;
}

/**
 * A decorator on the EventStore port: the personal fields of the events in PERSONAL_DATA_EVENTS are
 * sealed with the guest's key on append and opened on read. An event whose key is gone reads with its
 * fields erased (never an error), so projections, replays, rebuilds and the event log keep working
 * after a guest is forgotten. Events of other types pass through untouched.
 */
export class EncryptingEventStore implements EventStore, GuestData {
  readonly kind: string;

  constructor(
    readonly inner: EventStore,
    private readonly keys: GuestKeyStore,
    private readonly secret: string,
    private readonly options: EncryptingEventStoreOptions = {},
  ) {
    this.kind = inner.kind;
    this.refs = new GuestKeyRefs(secret);
  }

  private readonly refs: GuestKeyRefs;

  /** Per stream, the append still waiting for its key: a later append to that stream goes after it (call order kept). */
  private readonly queues = new Map<string, Promise<void>>();

  appendToStream(streamId: string, events: NewEvent[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult> {
    const personal = events.some((event) => PERSONAL_DATA_EVENTS[event.type]);
    const queued = this.queues.get(streamId);
    if (!personal && !queued) return this.inner.appendToStream(streamId, events, options);
    let appended!: Promise<AppendResult>;
    const turn = (queued ?? Promise.resolve()).then(async () => {
      const ready = personal ? await this.sealEvents(streamId, events) : events;
      appended = this.inner.appendToStream(streamId, ready, options);
    });
    const settled = turn.catch(() => undefined);
    this.queues.set(streamId, settled);
    void settled.then(() => {
      if (this.queues.get(streamId) === settled) this.queues.delete(streamId);
    });
    return turn.then(() => appended);
  }

  get atomicAppends(): boolean {
    return this.inner.atomicAppends;
  }

  /**
   * Sealed, then handed to the inner store in call order for every stream involved: a writer that
   * decided on its own unacknowledged append (a day's seats) needs that append stored first.
   */
  appendToStreams(appends: StreamAppend[]): Promise<AppendResult[]> {
    const personal = appends.some((append) => append.events.some((event) => PERSONAL_DATA_EVENTS[event.type]));
    const queued = appends.map((append) => this.queues.get(append.streamId)).filter((turn) => turn !== undefined);
    if (!personal && queued.length === 0) return this.inner.appendToStreams(appends);
    let appended!: Promise<AppendResult[]>;
    const turn = Promise.all(queued).then(async () => {
      const ready = personal
        ? await Promise.all(appends.map(async (append) => ({ ...append, events: await this.sealEvents(append.streamId, append.events) })))
        : appends;
      appended = this.inner.appendToStreams(ready);
    });
    const settled = turn.catch(() => undefined);
    for (const { streamId } of appends) {
      this.queues.set(streamId, settled);
      void settled.then(() => {
        if (this.queues.get(streamId) === settled) this.queues.delete(streamId);
      });
    }
    return turn.then(() => appended);
  }

  /**
   * The plain fields of the events this process sealed last, by event id: its own subscribers (the
   * projections, the mail reactor) get them back without opening the seal again. Cleared when a key
   * is forgotten, so nothing erased is handed out from here.
   */
  private readonly justSealed = new Map<string, Record<string, unknown>>();

  private remember(id: string, values: Record<string, unknown>): void {
    this.justSealed.set(id, values);
    if (this.justSealed.size > JUST_SEALED) this.justSealed.delete(this.justSealed.keys().next().value!);
  }

  private async sealEvents(streamId: string, events: NewEvent[]): Promise<NewEvent[]> {
    const sealed: NewEvent[] = [];
    let streamRef: string | null | undefined;
    // One key lookup per guest of the append, however many of its events they are in.
    const keys = new Map<string, Promise<Buffer | undefined>>();
    for (const event of events) {
      const spec = PERSONAL_DATA_EVENTS[event.type];
      const data = event.data as Record<string, unknown>;
      const present = spec ? spec.fields.filter((field) => data[field] !== undefined) : [];
      if (!spec || present.length === 0) {
        sealed.push(event);
        continue;
      }
      const email = data[spec.email];
      // An edit without the e-mail belongs to the stream's guest: the key of its last sealed event.
      if (typeof email === 'string') streamRef = this.refs.of(email, streamId);
      else streamRef ??= await this.streamRef(streamId);
      if (!streamRef) {
        sealed.push(event);
        continue;
      }
      // Only an event naming the guest makes their key: one that does not (a mail's failure) must not
      // bring back the key of a guest forgotten meanwhile, and is stored with its fields erased instead.
      let key = keys.get(streamRef);
      if (!key) keys.set(streamRef, (key = typeof email === 'string' ? this.keys.getOrCreate(streamRef) : this.existingKey(streamRef)));
      const rest: Record<string, unknown> = {};
      const values: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(data)) {
        if (present.includes(field)) values[field] = value;
        else rest[field] = value;
      }
      const opened = await key;
      if (!opened) {
        const erased = { ...rest };
        for (const field of present) if (erasedValue(field) !== undefined) erased[field] = erasedValue(field);
        sealed.push({ ...event, data: erased });
        continue;
      }
      // All the guest's fields of the event under one seal: one AES-GCM operation per event.
      sealed.push({ ...event, data: { ...rest, sealed: seal(values, opened, streamRef, streamId) } });
      if (event.id !== undefined) this.remember(event.id, values);
    }
    return sealed;
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readStream(streamId, options));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readAll(options));
  }

  subscribeToAll(handler: (event: RecordedEvent) => Promise<void> | void, options?: SubscribeOptions): Subscription {
    // Keys looked up once per subscription (the guests met lately, bounded); an erasure event drops its guest's key from here.
    const cache = new KeyCache(this.options.subscriptionKeys ?? SUBSCRIPTION_KEYS);
    return this.inner.subscribeToAll(async (event) => {
      if (ERASED_TYPES.has(event.type)) cache.delete((event.data as { guestKey?: string }).guestKey ?? '');
      const sealed = PERSONAL_DATA_EVENTS[event.type] ? sealedOf(event) : null;
      if (!sealed) return handler(event);
      const plain = this.justSealed.get(event.id);
      if (plain) return handler(withOpened(event, sealed, plain));
      let key = cache.get(sealed.k);
      let opened = key ? unseal(sealed, key, event.streamId) : null;
      if (!opened) {
        // Not cached, or a guest who came back after being forgotten has a new key under the same reference.
        key = (await this.keys.getMany([sealed.k])).get(sealed.k);
        if (key) cache.set(sealed.k, key);
        else cache.delete(sealed.k);
        opened = key ? unseal(sealed, key, event.streamId) : null;
      }
      return handler(withOpened(event, sealed, opened));
    }, options);
  }

  headPosition(): Promise<Position> {
    return this.inner.headPosition();
  }

  /**
   * What a worker thread needs to read and open this log on connections of its own (sealed-log-reader.ts):
   * the embedded store's file, its keys' (embedded too), and what the contracts say of personal fields; null otherwise.
   */
  logFiles(): SealedLog | null {
    const events = (this.inner as { file?: unknown }).file;
    const keys = (this.keys as { file?: unknown }).file;
    if (this.inner.kind !== 'embedded-sqlite' || this.keys.kind !== 'embedded-sqlite') return null;
    if (typeof events !== 'string' || typeof keys !== 'string' || events === ':memory:' || keys === ':memory:') return null;
    return { events, keys, sealedTypes: Object.keys(PERSONAL_DATA_EVENTS), erased: ERASED };
  }

  async close(): Promise<void> {
    await this.inner.close();
    await this.keys.close();
  }

  async findGuest(email: string): Promise<GuestFootprint> {
    const ref = guestKeyRef(this.secret, email);
    const target = normaliseEmail(email);
    const streamRefs = new Map<string, string>();
    const bookings = new Map<string, GuestFootprint['bookings'][number]>();
    const legacy: RecordedEvent[] = [];
    const streams = new Set<string>();
    let after: Position | undefined;
    for (;;) {
      const page = await this.inner.readAll({ after, maxCount: PAGE });
      for (const event of page) {
        const data = event.data as Record<string, unknown>;
        if (ERASED_TYPES.has(event.type)) {
          const booking = bookings.get(event.streamId);
          if (booking && data.guestKey === ref) booking.erased = true;
          continue;
        }
        const spec = PERSONAL_DATA_EVENTS[event.type];
        if (!spec) continue;
        const sealed = sealedOf(event);
        const email = data[spec.email];
        const plainRef =
          typeof email === 'string' ? (normaliseEmail(email) === target ? ref : `other:${normaliseEmail(email)}`) : undefined;
        const eventRef = sealed?.k ?? plainRef ?? streamRefs.get(event.streamId);
        if (eventRef === undefined) continue;
        streamRefs.set(event.streamId, eventRef);
        if (eventRef !== ref) continue;
        streams.add(event.streamId);
        if (!sealed && spec.fields.some((field) => data[field] !== undefined)) legacy.push(event);
        if (event.type.startsWith('Reservation') || event.type.startsWith('PartyBooking')) {
          bookings.set(event.streamId, { streamId: event.streamId, type: event.type, data, erased: false });
        }
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.position;
    }
    return { ref, bookings: [...bookings.values()], streams: [...streams], legacy };
  }

  forgetKey(ref: string): Promise<boolean> {
    this.justSealed.clear();
    this.refs.clear();
    return this.keys.delete(ref);
  }

  async rewriteLegacy(events: RecordedEvent[]): Promise<{ rewritten: number; left: number }> {
    if (events.length === 0) return { rewritten: 0, left: 0 };
    const inner = this.inner as Partial<RewritableEventStore>;
    if (!inner.rewriteEventData) return { rewritten: 0, left: events.length };
    const updates = events.map((event) => {
      const spec = PERSONAL_DATA_EVENTS[event.type]!;
      const data = { ...(event.data as Record<string, unknown>) };
      for (const field of spec.fields) {
        if (data[field] === undefined) continue;
        const value = erasedValue(field);
        if (value === undefined) delete data[field];
        else data[field] = value;
      }
      return { id: event.id, data };
    });
    const rewritten = await inner.rewriteEventData(updates);
    return { rewritten, left: events.length - rewritten };
  }

  /** The key reference of the stream's guest: that of its last sealed event, or of its last plain-text e-mail. */
  private async existingKey(ref: string): Promise<Buffer | undefined> {
    return (await this.keys.getMany([ref])).get(ref);
  }

  private async streamRef(streamId: string): Promise<string | null> {
    const events = await this.inner.readStream(streamId, { direction: 'backwards' });
    for (const event of events) {
      const spec = PERSONAL_DATA_EVENTS[event.type];
      if (!spec) continue;
      const sealed = sealedOf(event);
      if (sealed) return sealed.k;
      const email = (event.data as Record<string, unknown>)[spec.email];
      if (typeof email === 'string') return this.refs.of(email, streamId);
    }
    return null;
  }

  /** One pass finds the sealed events, one statement looks up the keys of their guests, one decryption opens each. */
  private async openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    let sealed: (Sealed | null)[] | null = null;
    const refs = new Set<string>();
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      const found = PERSONAL_DATA_EVENTS[event.type] ? sealedOf(event) : null;
      if (!found) continue;
      (sealed ??= new Array<Sealed | null>(events.length).fill(null))[i] = found;
      refs.add(found.k);
    }
    if (!sealed) return events;
    const keys = await this.keys.getMany([...refs]);
    const opened = events.slice();
    for (let i = 0; i < opened.length; i++) {
      const found = sealed[i];
      if (!found) continue;
      const event = opened[i]!;
      const key = keys.get(found.k);
      opened[i] = withOpened(event, found, key ? unseal(found, key, event.streamId) : null);
    }
    return opened;
  }
}

function sealedOf(event: { data: unknown }): Sealed | null {
  const sealed = (event.data as { sealed?: unknown } | null)?.sealed;
  return isSealed(sealed) ? sealed : null;
}

/**
 * The event as its writer gave it; with the sealed fields erased when the key is gone. Built field by
 * field: spreading the event and its data cost more than the decryption (one new object each, no copies in between).
 */
function withOpened(event: RecordedEvent, sealed: Sealed, opened: Record<string, unknown> | null): RecordedEvent {
  const data = openedData(event.data as Record<string, unknown>, sealed, opened, ERASED);
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: event.revision,
    position: event.position,
    data,
    metadata: event.metadata,
    recordedAt: event.recordedAt,
  };
}
