import type Database from 'better-sqlite3';
import { dirname } from 'node:path';
import type { Logger } from 'pino';
import type { CollectionWrites, Doc, DocumentCollection, DocumentStore, Filter, FindOptions } from './document-store.js';
import { MemoryDocumentStore } from './memory-document-store.js';
import { IdFilter } from './id-filter.js';
import { openOrSetAside } from './sqlite-file.js';
import { SqliteIndexedReads } from './sqlite-indexed-reads.js';
import { WriteBehind } from './write-behind.js';
import { assertIndexable } from './sqlite-sql.js';
import { truncateWalUntilEmptied, WalCheckpointer, type WalCheckpointOptions } from '../wal-checkpointer.js';
import { ensurePrivateDir } from '../private-files.js';
import { CollectionHandles } from './collection-handles.js';
import { diskTroubleOf, diskTroubles } from '../disk-trouble.js';
import { asError } from '../errors.js';

/** How long a write may wait before it is stored in the file (see applyBatch). */
export const WRITE_BEHIND_MS = 250;
/** Documents that may wait at once (a catch-up's batches): past this, they are stored at once. */
const WRITE_BEHIND_MAX = 20_000;
/** Documents per transaction when stored in the background. */
const WRITE_BEHIND_CHUNK = 200;

/**
 * Embedded read models that survive a restart: documents are kept in memory for queries (mingo, as
 * MemoryDocumentStore; the collections that grow with every booking stay in the file) and written
 * behind to one SQLite file, so a restart loads them and the projection engine catches up from its
 * checkpoints instead of replaying every event. What waits is stored with the checkpoints last
 * (WriteBehind): the file never holds a checkpoint ahead of its documents. Read models can always be rebuilt
 * from the events, so commits are not fsynced (synchronous=NORMAL keeps them atomic), and a file that
 * is damaged, of another format or unreadable is set aside and rebuilt, never trusted. A file the disk
 * will not take writes for (full, read-only) never fails a read: what waits stays in memory, is laid over
 * the file's rows, is retried in the background and reported to /readyz (diskTroubles) until stored.
 */
export class SqliteDocumentStore implements DocumentStore {
  readonly kind = 'embedded-sqlite-memory';
  private readonly memory = new MemoryDocumentStore();
  private readonly db: Database.Database;
  private readonly statements: {
    put: Database.Statement<[string, string, string]>;
    remove: Database.Statement<[string, string]>;
    clear: Database.Statement<[string]>;
    get: Database.Statement<[string, string], { body: string }>;
    all: Database.Statement<[string], { body: string }>;
    count: Database.Statement<[string], { n: number }>;
    any: Database.Statement<[string], { id: string }>;
    nextCollection: Database.Statement<[string], { collection: string }>;
  };
  /** Collections that grow with every booking: kept in the file, not in memory, with their indexed fields. */
  private readonly onDisk: Map<string, readonly string[]>;
  /** Reads through the on-disk collections' indexed fields. */
  private readonly indexed: SqliteIndexedReads;
  /**
   * On-disk collections: the documents stored last (null: deleted), by collection then id. The engine
   * evolves a booking's documents again on its next event, often just after they were stored: they are
   * at hand instead of read and parsed from the file.
   */
  private recent = new Map<string, Map<string, Doc | null>>();
  /**
   * On-disk collections this process found empty (a first start, a rebuild's new collection), with
   * the ids written since: a document never written is absent without a query. Null where the
   * collection held documents when first touched; unset until then.
   */
  private readonly idFilters = new Map<string, IdFilter | null>();
  private readonly checkpointer: WalCheckpointer | null = null;
  /** Writes not in the file yet (see applyBatch). */
  private readonly behind: WriteBehind;
  private readonly logger: Logger | undefined;

  constructor(
    readonly file: string,
    options: {
      logger?: Logger;
      onDisk?: Record<string, readonly string[]>;
      checkpoint?: WalCheckpointOptions;
      /** How long a write may wait to reach the file (WRITE_BEHIND_MS). */
      writeBehindMs?: number;
    } = {},
  ) {
    const { logger } = options;
    this.logger = logger;
    this.onDisk = new Map(Object.entries(options.onDisk ?? {}));
    for (const [name, fields] of this.onDisk) {
      for (const field of fields) assertIndexable(name, field);
    }
    ensurePrivateDir(dirname(file));
    const db = openOrSetAside(file, logger);
    this.db = db;
    // Pages read straight from the OS's file cache (no read() call and copy per page a lookup walks):
    // a first start at 100k events took 45 s with it, 117 s without. Set after the integrity check,
    // which walks the whole file: mapped then, every page would count in the process's RSS.
    db.pragma('mmap_size = 268435456');
    if (file !== ':memory:') {
      db.pragma('wal_autocheckpoint = 0');
      this.checkpointer = new WalCheckpointer(file, db, {
        ...options.checkpoint,
        onStopped: () => {
          if (db.open) db.pragma('wal_autocheckpoint = 1000');
        },
      });
    }
    this.statements = {
      // In place: REPLACE would delete the row and insert it again under a new rowid.
      put: db.prepare(
        'INSERT INTO documents (collection, id, body) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET body = excluded.body',
      ),
      remove: db.prepare('DELETE FROM documents WHERE collection = ? AND id = ?'),
      clear: db.prepare('DELETE FROM documents WHERE collection = ?'),
      get: db.prepare('SELECT body FROM documents WHERE collection = ? AND id = ?'),
      all: db.prepare('SELECT body FROM documents WHERE collection = ?'),
      count: db.prepare('SELECT COUNT(*) AS n FROM documents WHERE collection = ?'),
      any: db.prepare('SELECT id FROM documents WHERE collection = ? LIMIT 1'),
      nextCollection: db.prepare('SELECT collection FROM documents WHERE collection > ? ORDER BY collection LIMIT 1'),
    };
    this.indexed = new SqliteIndexedReads(db, this.onDisk, this.statements.all);
    this.behind = new WriteBehind({
      store: (writes) => this.store(writes),
      // The on-disk documents just stored stay at hand for the engine's next event (see recent).
      stored: (rows) => {
        this.recent = new Map([...rows].filter(([collection]) => this.isOnDisk(collection)));
      },
      periodMs: options.writeBehindMs ?? WRITE_BEHIND_MS,
      max: WRITE_BEHIND_MAX,
      chunk: WRITE_BEHIND_CHUNK,
      logger,
    });
    this.load();
  }

  /** One transaction of what waits; a failure the disk causes is reported to /readyz until a store succeeds. */
  private store(writes: CollectionWrites[]): void {
    try {
      this.db.transaction(() => this.writeRows(writes))();
    } catch (error) {
      const trouble = this.file === ':memory:' ? null : diskTroubleOf(error, this.file);
      if (trouble) diskTroubles.report(this.file, trouble);
      throw error;
    }
    diskTroubles.report(this.file, null);
  }

  /**
   * A collection's documents the file does not hold yet, when it cannot be given them now (a full or
   * read-only disk): null once they are stored, as before every query of the file. While stores fail,
   * they are retried on the write-behind's timer, not on each read.
   */
  private unstored(name: string): ReadonlyMap<string, Doc | null> | null {
    if (!this.behind.holds(name)) return null;
    if (!this.behind.failing && this.behind.tryNow()) return null;
    return this.behind.pending(name);
  }

  /** Every stored collection's name, one index seek each (no scan of the documents). */
  private storedCollections(): string[] {
    const names: string[] = [];
    for (let row = this.statements.nextCollection.get(''); row; row = this.statements.nextCollection.get(row.collection)) {
      names.push(row.collection);
    }
    return names;
  }

  /** The stored documents of the in-memory collections into memory; the on-disk ones stay where they are. */
  private load(): void {
    for (const name of this.storedCollections()) {
      if (this.isOnDisk(name)) continue;
      this.memory.adopt(
        name,
        this.statements.all.all(name).map((row) => JSON.parse(row.body) as Doc),
      );
    }
  }

  private readonly handles = new CollectionHandles((name) => this.createHandle(name));

  collection<T extends Doc = Doc>(name: string): DocumentCollection<T> {
    return this.handles.get<T>(name);
  }

  /** A rebuild's shadow collection is stored like the collection it replaces. */
  private isOnDisk(name: string): boolean {
    return this.onDisk.has(name.replace(/__rebuild$/, ''));
  }

  private createHandle<T extends Doc>(name: string): DocumentCollection<T> {
    if (this.isOnDisk(name)) return this.createOnDiskHandle<T>(name);
    const inMemory = this.memory.collection<T>(name);
    return {
      ...inMemory,
      // Callers keep their objects: the store holds its own copies (the engine hands over through applyBatch).
      putMany: (docs) => this.applyBatch([{ collection: name, puts: docs.map((d) => structuredClone(d)), deletes: [] }]),
      deleteMany: (ids) => this.applyBatch([{ collection: name, puts: [], deletes: ids }]),
      clear: async () => {
        this.writeBehindNow();
        this.statements.clear.run(name);
        await inMemory.clear();
      },
    };
  }

  /**
   * Reads go to the file: by id, or through the collection's indexed fields, which select the rows a
   * query can match (mingo then applies the whole filter and the sort to those rows only).
   */
  private createOnDiskHandle<T extends Doc>(name: string): DocumentCollection<T> {
    const parse = (row: { body: string } | undefined) => (row ? (JSON.parse(row.body) as T) : null);
    const read = (id: string) => (this.mayHold(name, id) ? parse(this.statements.get.get(name, id)) : null);
    /** The version waiting to be stored, else the last stored (the store's own object: never changed). */
    const held = (id: string): Doc | null | undefined => {
      const waiting = this.behind.get(name, id);
      return waiting !== undefined ? waiting : this.recent.get(name)?.get(id);
    };
    const latest = (id: string): T | null => {
      const doc = held(id);
      return doc !== undefined ? (doc as T | null) : read(id);
    };
    const base = name.replace(/__rebuild$/, '');
    // A query reads the file's indexes: what waits is stored first, or laid over the file's rows when
    // the disk refuses it (the staff lists keep answering on a full disk).
    const query = (filter: Filter = {}, options: FindOptions = {}): T[] =>
      this.indexed.find<T>(base, name, filter, options, this.unstored(name));
    return {
      name,
      // A copy, as in memory: the caller may change what it gets.
      get: async (id) => {
        const doc = held(id);
        return doc !== undefined ? doc && (structuredClone(doc) as T) : read(id);
      },
      // The engine's read (it never changes what it is given): the document itself.
      peek: (id) => latest(id),
      find: async (filter, options) => query(filter, options),
      findOne: async (filter, options) => query(filter, { ...options, limit: 1 })[0] ?? null,
      count: async (filter = {}) => {
        const whole = Object.keys(filter).length === 0 && !this.unstored(name);
        return whole ? this.statements.count.get(name)!.n : query(filter).length;
      },
      // Copies, as in memory: the batch's documents stay at hand for peek, and the caller keeps its objects.
      putMany: (docs) => this.applyBatch([{ collection: name, puts: docs.map((d) => structuredClone(d)), deletes: [] }]),
      deleteMany: (ids) => this.applyBatch([{ collection: name, puts: [], deletes: ids }]),
      clear: async () => {
        this.writeBehindNow();
        this.statements.clear.run(name);
        this.emptied(name);
      },
    };
  }

  /** False when the collection cannot hold the id (see idFilters); the first touch finds out whether it is empty. */
  private mayHold(name: string, id: string): boolean {
    return this.filterOf(name)?.mayHold(id) ?? true;
  }

  private filterOf(name: string): IdFilter | null {
    let filter = this.idFilters.get(name);
    if (filter === undefined) {
      filter = this.statements.any.get(name) ? null : new IdFilter();
      this.idFilters.set(name, filter);
    }
    return filter;
  }

  /** An on-disk collection is empty now: nothing of it is recent, and every id it will hold is seen. */
  private emptied(name: string): void {
    this.recent.delete(name);
    if (this.isOnDisk(name)) this.idFilters.set(name, new IdFilter());
  }

  /** How SQLite finds the rows of an on-disk collection's query (EXPLAIN QUERY PLAN): keeps its indexes matching the queries. */
  queryPlan(name: string, filter: Filter): string {
    const { statement, params } = this.indexed.candidateQuery(name.replace(/__rebuild$/, ''), name, filter);
    const sql = `EXPLAIN QUERY PLAN ${statement.source}`;
    return (this.db.prepare(sql).all(...params) as { detail: string }[]).map((row) => row.detail).join('; ');
  }

  async applyBatch(writes: CollectionWrites[]): Promise<void> {
    // Whether an on-disk collection was empty is settled before its first write, and its ids are noted.
    for (const { collection, puts } of writes) {
      if (!this.isOnDisk(collection)) continue;
      const filter = this.filterOf(collection);
      for (const doc of puts) filter?.add(doc._id);
    }
    // Answered at once (memory, or the waiting version of an on-disk document), stored in the
    // background with everything else that waits (WriteBehind). A booking used to commit its reservation,
    // day, calendar, seat and report documents and their index pages in every flush. A crash leaves the
    // file at a consistent earlier point; the checkpoints stored with it say what to replay.
    this.behind.add(writes);
    await this.memory.applyBatch(writes.filter((w) => !this.isOnDisk(w.collection)));
  }

  private writeRows(writes: CollectionWrites[]): void {
    for (const { collection, puts, deletes } of writes) {
      // In key order: neighbouring rows share pages, so a large batch touches each page once.
      const ordered = puts.length > 1 ? [...puts].sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0)) : puts;
      for (const doc of ordered) this.statements.put.run(collection, doc._id, JSON.stringify(doc));
      for (const id of deletes) this.statements.remove.run(collection, id);
    }
  }

  /** What waits, into the file now (before a query of the file, a switch-over, a drop, a compaction, a close). */
  writeBehindNow(): void {
    this.behind.now();
  }

  async renameCollection(source: string, target: string): Promise<void> {
    if (source === target) return;
    this.writeBehindNow();
    this.db.transaction(() => {
      this.statements.clear.run(target);
      this.db.prepare('UPDATE documents SET collection = ? WHERE collection = ?').run(target, source);
    })();
    const moved = this.idFilters.get(source);
    this.recent.delete(target);
    if (moved === undefined) this.idFilters.delete(target);
    else this.idFilters.set(target, moved);
    this.emptied(source);
    await this.memory.renameCollection(source, target);
  }

  async dropCollection(name: string): Promise<void> {
    this.writeBehindNow();
    this.statements.clear.run(name);
    this.emptied(name);
    await this.memory.dropCollection(name);
  }

  async listCollections(): Promise<string[]> {
    this.writeBehindNow();
    const onDisk = this.storedCollections().filter((name) => this.isOnDisk(name));
    return [...new Set([...(await this.memory.listCollections()), ...onDisk])].sort();
  }

  /**
   * Rewrites the whole file (VACUUM) and empties its log: after an erasure, no byte of a replaced
   * document is left in the file's free space. secure_delete zeroes what a delete frees, but a cell
   * that moves within a page (an update, a page rebuilt when a neighbour splits) can leave its old
   * bytes in the page's unused gap. Seconds for a year of bookings, on an event as rare as `forget`.
   * False when another connection keeps the file: its log is emptied once that lets go (tried every second).
   */
  compact(): boolean {
    this.writeBehindNow();
    if (this.file === ':memory:') return true;
    const started = performance.now();
    try {
      this.db.exec('VACUUM');
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return false;
      throw error;
    }
    const emptied = truncateWalUntilEmptied(this.db);
    this.lastCompactionMs = Math.round(performance.now() - started);
    return emptied;
  }
  /** How long the last compaction took (logged by the scrubber). */
  lastCompactionMs = 0;

  async close(): Promise<void> {
    let failure: unknown = null;
    try {
      if (this.db.open) this.writeBehindNow();
    } catch (error) {
      failure = error;
    } finally {
      // The file and its checkpointer close even when the last write failed (the read models are rebuilt from the log).
      this.behind.close();
      await this.checkpointer?.close();
      diskTroubles.report(this.file, null);
    }
    if (this.db.open) {
      try {
        // Marked clean only when all of it was stored; else the next start walks it (and the checkpoints it holds say what to replay).
        if (failure === null) {
          this.db
            .prepare("INSERT INTO meta (key, value) VALUES ('closed', 'clean') ON CONFLICT (key) DO UPDATE SET value = excluded.value")
            .run();
        }
      } catch (error) {
        failure ??= error;
      }
      this.db.close();
    }
    if (failure === null) return;
    // A full or read-only disk is no reason to keep the other stores open: what did not reach the file is rebuilt from the events.
    if (this.file !== ':memory:' && diskTroubleOf(failure, this.file)) {
      this.logger?.warn(
        { err: failure },
        'read models closed without storing what waited; they are caught up from the events at the next start',
      );
      return;
    }
    throw asError(failure);
  }
}
