import type { Logger } from 'pino';
import type { CollectionWrites, Doc } from './document-store.js';

type Rows = Map<string, Map<string, Doc | null>>;

export interface WriteBehindOptions {
  /** Stores writes in one transaction (throws when it could not). */
  store: (writes: CollectionWrites[]) => void;
  /** The documents just stored, by collection then id: the store keeps the on-disk ones at hand. */
  stored: (rows: Rows) => void;
  /** How long a write may wait. */
  periodMs: number;
  /** Writes that may wait at once (a catch-up's batches): past this they are stored at once. */
  max: number;
  /** Documents per transaction while storing in the background: between two, the event loop answers requests. */
  chunk: number;
  logger?: Logger;
  /** How long what a failed store left waits before it is tried again (default 1 s). */
  retryMs?: number;
}

/**
 * The embedded read-model file's writes not stored yet: each document's last version (null: deleted),
 * by collection. A document written several times meanwhile (a busy day's seats, its calendar, the
 * reports, a booking changed right after it was made) is stored once. What waits is stored every
 * `periodMs` in transactions of `chunk` documents, a turn of the event loop apart (one transaction of
 * a quarter second's bookings held every request for 20–30 ms), and the bookkeeping collections (named
 * `_…`: the checkpoints) last, so the file never holds a checkpoint ahead of its documents. A crash
 * between two transactions leaves some documents ahead of their checkpoint: safe, a replayed event skips
 * a document by its `_appliedAt` and deletes are applied again. A store that fails (a full or read-only
 * disk) leaves everything waiting, still answered by get and pending, and is tried again every `retryMs`
 * on the timer only, never on a caller's turn (see failing): once the disk takes it, the file catches up.
 */
export class WriteBehind {
  private waiting: Rows = new Map();
  private count = 0;
  /** Taken out and being stored chunk by chunk: still the latest version of its documents until stored. */
  private storing: { rows: Rows; chunks: CollectionWrites[][] } | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: WriteBehindOptions) {}

  add(writes: CollectionWrites[]): void {
    for (const { collection, puts, deletes } of writes) {
      let docs = this.waiting.get(collection);
      if (!docs) this.waiting.set(collection, (docs = new Map<string, Doc | null>()));
      for (const doc of puts) docs.set(doc._id, doc);
      for (const id of deletes) docs.set(id, null);
      this.count += puts.length + deletes.length;
    }
    if (this.closed) return;
    // While the file refuses writes, what waits is retried on the timer, not with every batch.
    if (this.count < this.options.max || this.failing) {
      this.schedule(this.failing ? this.retryMs : this.options.periodMs);
      return;
    }
    // Held and answered as they are when it fails: the background store tries again.
    this.tryNow();
  }

  /** The last store failed and what it left still waits: a store is tried again on the timer (retryMs). */
  get failing(): boolean {
    return this.failure !== null;
  }
  /** A run of failed stores: since when, how many (null once a store succeeds). */
  private failure: { since: number; tries: number } | null = null;

  /** Everything into the file now, or false when it could not be stored: it waits, and is tried again later. */
  tryNow(): boolean {
    try {
      this.now();
      return true;
    } catch {
      return false;
    }
  }

  /** A collection's documents not stored yet (null: deleted), by id: what a read of the file lays over its rows. */
  pending(collection: string): ReadonlyMap<string, Doc | null> | null {
    const waiting = this.waiting.get(collection);
    const storing = this.storing?.rows.get(collection);
    if (!waiting || !storing) return waiting ?? storing ?? null;
    return new Map([...storing, ...waiting]);
  }

  /** The latest unstored version of a document: the document, null when deleted, undefined when none. */
  get(collection: string, id: string): Doc | null | undefined {
    const waiting = this.waiting.get(collection)?.get(id);
    return waiting !== undefined ? waiting : this.storing?.rows.get(collection)?.get(id);
  }

  /** Whether documents of the collection are not stored yet. */
  holds(collection: string): boolean {
    return this.waiting.has(collection) || (this.storing?.rows.has(collection) ?? false);
  }

  /** Everything into the file now, synchronously (before a query of the file, a switch-over, a drop, a compaction, a close). */
  now(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      if (this.storing) {
        const { rows, chunks } = this.storing;
        this.storing = null;
        this.storeOrRestore(chunks.flat(), rows);
      }
      if (this.waiting.size > 0) {
        const rows = this.take();
        this.storeOrRestore(writesOf(rows), rows);
      }
    } catch (error) {
      this.failed(error);
      throw error;
    }
  }

  private storeOrRestore(writes: CollectionWrites[], rows: Rows): void {
    try {
      this.options.store(writes);
    } catch (error) {
      this.restore(rows);
      throw error;
    }
    this.options.stored(rows);
    this.succeeded();
  }

  private get retryMs(): number {
    return this.options.retryMs ?? 1_000;
  }

  /** Logged once per run of failures (a full disk fails every retry), and the retry scheduled. */
  private failed(err: unknown): void {
    if (this.failure) this.failure.tries += 1;
    else {
      this.failure = { since: Date.now(), tries: 1 };
      this.options.logger?.error(
        { err },
        'writing the read models to their file failed; they are answered from memory and stored once the disk takes them',
      );
    }
    this.schedule(this.retryMs);
  }

  private succeeded(): void {
    if (!this.failure) return;
    const { since, tries } = this.failure;
    this.failure = null;
    this.options.logger?.info({ failedForMs: Date.now() - since, tries }, 'the read models are stored in their file again');
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
  private closed = false;

  private schedule(delayMs: number): void {
    if (this.timer || this.storing || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.storeInChunks();
    }, delayMs);
    this.timer.unref();
  }

  private storeInChunks(): void {
    if (this.waiting.size === 0) return;
    const rows = this.take();
    this.storing = { rows, chunks: chunksOf(writesOf(rows), this.options.chunk) };
    this.nextChunk();
  }

  private nextChunk(): void {
    const storing = this.storing;
    if (!storing || this.closed) return; // stored meanwhile by now(), or closed (close stores everything first)
    const chunk = storing.chunks[0]!;
    try {
      this.options.store(chunk);
    } catch (err) {
      // What was stored is harmless (never ahead of its checkpoint); the rest waits again, under anything newer.
      this.storing = null;
      this.restore(storing.rows);
      this.failed(err);
      return;
    }
    storing.chunks.shift();
    if (storing.chunks.length > 0) {
      setImmediate(() => this.nextChunk());
      return;
    }
    this.storing = null;
    this.options.stored(storing.rows);
    this.succeeded();
    if (this.waiting.size > 0) this.schedule(this.options.periodMs);
  }

  private take(): Rows {
    const rows = this.waiting;
    this.waiting = new Map();
    this.count = 0;
    return rows;
  }

  private restore(rows: Rows): void {
    for (const [collection, docs] of rows) {
      const newer = this.waiting.get(collection);
      this.waiting.set(collection, newer ? new Map([...docs, ...newer]) : docs);
      this.count += docs.size;
    }
  }
}

/** As batch writes, the bookkeeping collections (`_…`) last. */
function writesOf(rows: Rows): CollectionWrites[] {
  const writes: CollectionWrites[] = [];
  const order = [...rows.keys()].sort((a, b) => Number(a.startsWith('_')) - Number(b.startsWith('_')));
  for (const collection of order) {
    const puts: Doc[] = [];
    const deletes: string[] = [];
    for (const [id, doc] of rows.get(collection)!) {
      if (doc) puts.push(doc);
      else deletes.push(id);
    }
    writes.push({ collection, puts, deletes });
  }
  return writes;
}

/** Transactions of at most `size` documents, in order. */
function chunksOf(writes: CollectionWrites[], size: number): CollectionWrites[][] {
  const chunks: CollectionWrites[][] = [];
  let chunk: CollectionWrites[] = [];
  let room = size;
  for (const { collection, puts, deletes } of writes) {
    let p = 0;
    let d = 0;
    while (p < puts.length || d < deletes.length) {
      const putsHere = puts.slice(p, p + room);
      p += putsHere.length;
      const deletesHere = deletes.slice(d, d + (room - putsHere.length));
      d += deletesHere.length;
      chunk.push({ collection, puts: putsHere, deletes: deletesHere });
      room -= putsHere.length + deletesHere.length;
      if (room === 0) {
        chunks.push(chunk);
        chunk = [];
        room = size;
      }
    }
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}
