import Database from 'better-sqlite3';
import { existsSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from 'pino';
import type { CollectionWrites, Doc, DocumentCollection, DocumentStore } from './document-store.js';
import { MemoryDocumentStore } from './memory-document-store.js';
import { ensurePrivateDir, preparePrivateFile } from '../private-files.js';

/** Bumped when the file's layout changes: an older file is set aside and the read models rebuilt. */
const FORMAT = 1;

/**
 * Embedded read models that survive a restart: documents are kept in memory for queries (mingo, as
 * MemoryDocumentStore; collections only ever read by id stay in the file) and written through to one SQLite file, so a restart loads them and the
 * projection engine catches up from its checkpoints instead of replaying every event. A batch (the
 * engine's documents with their checkpoints) is one transaction. Read models can always be rebuilt
 * from the events, so commits are not fsynced (synchronous=NORMAL keeps them atomic), and a file that
 * is damaged, of another format or unreadable is set aside and rebuilt, never trusted.
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
  };
  /** Collections only ever read by id: kept in the file, not in memory (large, rarely read). */
  private readonly onDisk: Set<string>;

  constructor(
    readonly file: string,
    options: { logger?: Logger; onDisk?: string[] } = {},
  ) {
    const { logger } = options;
    this.onDisk = new Set(options.onDisk ?? []);
    ensurePrivateDir(dirname(file));
    let db = openChecked(file);
    if (!db) {
      const aside = `${file}.unreadable-${Date.now()}`;
      logger?.warn({ file, aside }, 'read-model file damaged or of another format: set aside, the read models are rebuilt');
      for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
      db = openChecked(file)!;
    }
    this.db = db;
    this.statements = {
      put: db.prepare('INSERT OR REPLACE INTO documents (collection, id, body) VALUES (?, ?, ?)'),
      remove: db.prepare('DELETE FROM documents WHERE collection = ? AND id = ?'),
      clear: db.prepare('DELETE FROM documents WHERE collection = ?'),
      get: db.prepare('SELECT body FROM documents WHERE collection = ? AND id = ?'),
      all: db.prepare('SELECT body FROM documents WHERE collection = ?'),
    };
    this.load();
  }

  /** Every stored document into memory, collection by collection. */
  private load(): void {
    const byCollection = new Map<string, Doc[]>();
    for (const row of this.db.prepare<[], { collection: string; body: string }>('SELECT collection, body FROM documents').iterate()) {
      if (this.isOnDisk(row.collection)) continue;
      let docs = byCollection.get(row.collection);
      if (!docs) byCollection.set(row.collection, (docs = []));
      docs.push(JSON.parse(row.body) as Doc);
    }
    for (const [name, docs] of byCollection) this.memory.adopt(name, docs);
  }

  private readonly handles = new Map<string, DocumentCollection>();

  collection<T extends Doc = Doc>(name: string): DocumentCollection<T> {
    let handle = this.handles.get(name);
    if (!handle) {
      handle = this.createHandle(name);
      this.handles.set(name, handle);
    }
    return handle as DocumentCollection<T>;
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
        this.statements.clear.run(name);
        await inMemory.clear();
      },
    };
  }

  /** Reads go to the file; queries other than by id (operators, tests) load the collection first. */
  private createOnDiskHandle<T extends Doc>(name: string): DocumentCollection<T> {
    const parse = (row: { body: string } | undefined) => (row ? (JSON.parse(row.body) as T) : null);
    const loaded = () => {
      const store = new MemoryDocumentStore();
      store.adopt(
        name,
        this.statements.all.all(name).map((row) => JSON.parse(row.body) as Doc),
      );
      return store.collection<T>(name);
    };
    return {
      name,
      get: async (id) => parse(this.statements.get.get(name, id)),
      // Parsed afresh on every call, so handing it out is as safe as a copy.
      peek: (id) => parse(this.statements.get.get(name, id)),
      find: (filter, options) => loaded().find(filter, options),
      findOne: (filter, options) => loaded().findOne(filter, options),
      count: (filter) => loaded().count(filter),
      putMany: (docs) => this.applyBatch([{ collection: name, puts: docs, deletes: [] }]),
      deleteMany: (ids) => this.applyBatch([{ collection: name, puts: [], deletes: ids }]),
      clear: async () => {
        this.statements.clear.run(name);
      },
    };
  }

  async applyBatch(writes: CollectionWrites[]): Promise<void> {
    // The file first: if the transaction fails, memory still matches what is stored.
    this.db.transaction(() => {
      for (const { collection, puts, deletes } of writes) {
        for (const doc of puts) this.statements.put.run(collection, doc._id, JSON.stringify(doc));
        for (const id of deletes) this.statements.remove.run(collection, id);
      }
    })();
    await this.memory.applyBatch(writes.filter((w) => !this.isOnDisk(w.collection)));
  }

  async renameCollection(source: string, target: string): Promise<void> {
    if (source === target) return;
    this.db.transaction(() => {
      this.statements.clear.run(target);
      this.db.prepare('UPDATE documents SET collection = ? WHERE collection = ?').run(target, source);
    })();
    await this.memory.renameCollection(source, target);
  }

  async dropCollection(name: string): Promise<void> {
    this.statements.clear.run(name);
    await this.memory.dropCollection(name);
  }

  async listCollections(): Promise<string[]> {
    const onDisk = this.db
      .prepare<[], { collection: string }>('SELECT DISTINCT collection FROM documents')
      .all()
      .map((r) => r.collection)
      .filter((name) => this.isOnDisk(name));
    return [...new Set([...(await this.memory.listCollections()), ...onDisk])].sort();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/** The file opened and checked, or null when it cannot be trusted. */
function openChecked(file: string): Database.Database | null {
  let db: Database.Database | null = null;
  try {
    if (file !== ':memory:') preparePrivateFile(file);
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS documents (
        collection TEXT NOT NULL,
        id         TEXT NOT NULL,
        body       TEXT NOT NULL,
        PRIMARY KEY (collection, id)
      ) WITHOUT ROWID;
    `);
    const format = db.prepare<[], { value: string }>("SELECT value FROM meta WHERE key = 'format'").get();
    if (format === undefined) {
      const empty = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM documents').get()!.n === 0;
      if (!empty) throw new Error('documents without a format');
      db.prepare("INSERT INTO meta (key, value) VALUES ('format', ?)").run(String(FORMAT));
    } else if (format.value !== String(FORMAT)) {
      throw new Error(`format ${format.value}, expected ${FORMAT}`);
    }
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`quick_check: ${String(check)}`);
    return db;
  } catch {
    db?.close();
    return null;
  }
}
