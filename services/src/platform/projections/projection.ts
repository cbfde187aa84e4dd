import type { RecordedEvent } from '../event-store/event-store.js';
import type { Doc } from '../document-store/document-store.js';

/**
 * A projection is pure: which documents an event touches, and how each evolves. The engine does all I/O.
 * Returning null from evolve deletes the document. evolve never changes what it is given and returns a
 * new object (or the given one unchanged): the engine stamps what evolve returns.
 */
export interface Projection<D extends Doc = Doc> {
  /** Also the name of its collection. */
  readonly name: string;
  readonly handles: readonly string[];
  /**
   * Bumped when evolve changes what it builds: documents built by another version are rebuilt from
   * position 0 into a new collection while the old keep answering, then switched. Default 1.
   */
  readonly version?: number;
  /**
   * Grows with every booking rather than with the café's content: the embedded store keeps it on disk
   * instead of in memory, so a restart does not load it and memory stays flat as the history grows.
   */
  readonly onDisk?: boolean;
  /**
   * The indexes its queries need, declared once here: MongoDB creates them on the collection (and on a
   * rebuild's new collection before the switch); the embedded store indexes each one's leading field
   * and reads only the rows a range on it selects. read-model-indexes.unit.test.ts checks them
   * against the queries the routes run.
   */
  readonly indexes?: readonly ReadModelIndex[];
  documentIds(event: RecordedEvent): string[];
  evolve(doc: D | null, event: RecordedEvent, id: string): D | null;
}

/** An index of a read model: keys in order (equality fields, then the sort, as MongoDB wants them), named once. */
export interface ReadModelIndex {
  readonly name: string;
  readonly key: Readonly<Record<string, 1 | -1>>;
}

/** The fields the embedded store indexes: each declared index's leading field, once. */
export function leadingFields(indexes: readonly ReadModelIndex[] = []): string[] {
  return [...new Set(indexes.map((index) => Object.keys(index.key)[0]).filter((f): f is string => f !== undefined))];
}

/** Engine bookkeeping kept on every stored document: it reflects every event up to this position (its batch's last). */
export const APPLIED_AT = '_appliedAt';

export function defineProjection<D extends Doc>(projection: Projection<D>): Projection<D> {
  return projection;
}

/** Drops engine bookkeeping before a document leaves the service. */
export function stripMeta<D extends Doc>(doc: D): Omit<D, typeof APPLIED_AT> {
  const { [APPLIED_AT]: _applied, ...rest } = doc;
  return rest;
}
