import type { CollectionWrites, Doc } from './document-store.js';

/**
 * The embedded read-model file's writes not stored yet: each document's last version (null: deleted),
 * by collection. Taken out whole and stored in one transaction, so the file always holds every
 * collection and checkpoint as of one moment; a document written several times meanwhile (a busy day's
 * seats, its calendar, the reports, a booking changed right after it was made) is stored once.
 */
export class WriteBehind {
  private rows = new Map<string, Map<string, Doc | null>>();
  private count = 0;

  /** Documents waiting, counted once per write (a bound on the memory they hold). */
  get size(): number {
    return this.count;
  }

  add(writes: CollectionWrites[]): void {
    for (const { collection, puts, deletes } of writes) {
      let docs = this.rows.get(collection);
      if (!docs) this.rows.set(collection, (docs = new Map<string, Doc | null>()));
      for (const doc of puts) docs.set(doc._id, doc);
      for (const id of deletes) docs.set(id, null);
      this.count += puts.length + deletes.length;
    }
  }

  /** The waiting version of a document: the document, null when deleted, undefined when none waits. */
  get(collection: string, id: string): Doc | null | undefined {
    return this.rows.get(collection)?.get(id);
  }

  holds(collection: string): boolean {
    return this.rows.has(collection);
  }

  /** Everything waiting, as batch writes, and nothing waits any more (put it back with restore if storing fails). */
  take(): { writes: CollectionWrites[]; taken: Map<string, Map<string, Doc | null>> } {
    const taken = this.rows;
    this.rows = new Map();
    this.count = 0;
    const writes: CollectionWrites[] = [];
    for (const [collection, docs] of taken) {
      const puts: Doc[] = [];
      const deletes: string[] = [];
      for (const [id, doc] of docs) {
        if (doc) puts.push(doc);
        else deletes.push(id);
      }
      writes.push({ collection, puts, deletes });
    }
    return { writes, taken };
  }

  /** What a failed store took back in, under anything written since (which is newer). */
  restore(taken: Map<string, Map<string, Doc | null>>): void {
    for (const [collection, docs] of taken) {
      const newer = this.rows.get(collection);
      this.rows.set(collection, newer ? new Map([...docs, ...newer]) : docs);
      this.count += docs.size;
    }
  }
}
