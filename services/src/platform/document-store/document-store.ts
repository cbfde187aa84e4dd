/**
 * The DocumentStore port: collections of read-model documents, queried with MongoDB filter and sort
 * syntax so the in-memory adapter and MongoDB answer the same queries.
 */
export type Doc = { _id: string } & Record<string, unknown>;
export type Filter = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  limit?: number;
  skip?: number;
}

export interface DocumentCollection<T extends Doc = Doc> {
  readonly name: string;
  get(id: string): Promise<T | null>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: FindOptions): Promise<T | null>;
  count(filter?: Filter): Promise<number>;
  /** Insert or replace whole documents, in one batch. */
  putMany(docs: T[]): Promise<void>;
  deleteMany(ids: string[]): Promise<void>;
  clear(): Promise<void>;
}

export interface DocumentStore {
  readonly kind: string;
  collection<T extends Doc = Doc>(name: string): DocumentCollection<T>;
  /** Atomically replaces `target` with the content of `source` and drops `source` (rebuild switch-over). */
  renameCollection(source: string, target: string): Promise<void>;
  dropCollection(name: string): Promise<void>;
  listCollections(): Promise<string[]>;
  close(): Promise<void>;
}
