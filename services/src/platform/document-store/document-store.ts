/**
 * The DocumentStore port: collections of read-model documents, queried with MongoDB filter and sort
 * syntax so the in-memory adapter and MongoDB answer the same queries.
 */
export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  /** Ties are ordered by `_id` on every adapter; no sort means `{ _id: 1 }`. */
  sort?: Sort;
  limit?: number;
  skip?: number;
}

export interface DocumentCollection<T extends Doc = Doc> {
  readonly name: string;
  get(id: string): Promise<T | null>;
  /**
   * The stored document itself rather than a copy, where the adapter holds documents in memory: for
   * the projection engine, which never changes what it reads, and reads that only compute from it (a
   * day's availability). Absent elsewhere (use get).
   */
  peek?(id: string): T | null;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: FindOptions): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
  /** Insert or replace whole documents, in one batch. */
  putMany(docs: T[]): Promise<void>;
  deleteMany(ids: string[]): Promise<void>;
  clear(): Promise<void>;
}

/** Puts and deletes for one collection, as one part of a batch. */
export interface CollectionWrites {
  collection: string;
  puts: Doc[];
  deletes: string[];
}

export interface DocumentStore {
  readonly kind: string;
  collection<T extends Doc = Doc>(name: string): DocumentCollection<T>;
  /**
   * Writes to several collections together: the projection engine's documents and their checkpoints.
   * Atomic where the adapter can be (the embedded file); elsewhere applied in order, which the engine's
   * idempotence (checkpoints written last, `_appliedAt` per document) makes safe to repeat. The
   * documents given become the store's: the caller must not change them afterwards.
   */
  applyBatch(writes: CollectionWrites[]): Promise<void>;
  /** Atomically replaces `target` with the content of `source` and drops `source` (rebuild switch-over). */
  renameCollection(source: string, target: string): Promise<void>;
  dropCollection(name: string): Promise<void>;
  /**
   * Makes a collection's indexes those given where the store keeps them per collection (MongoDB):
   * changed ones are made again and undeclared ones dropped; idempotent.
   * Absent where the store indexes by its own configuration (the embedded file) or needs none (memory).
   */
  ensureIndexes?(collection: string, indexes: readonly { name: string; key: Readonly<Record<string, 1 | -1>> }[]): Promise<void>;
  listCollections(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The sort every adapter applies: the requested keys, then `_id`, so a page (skip/limit) is the same
 * on every adapter and every run (MongoDB does not guarantee an order among equal keys).
 */
export function withIdTiebreak(sort: Sort | undefined): Sort {
  if (!sort || Object.keys(sort).length === 0) return { _id: 1 };
  return '_id' in sort ? sort : { ...sort, _id: 1 };
}
