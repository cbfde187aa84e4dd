import type { DocumentStore } from '../document-store/document-store.js';

/**
 * After the event log is restored on the real servers: MongoDB still holds what it derived from the log
 * it had, the read models and the positions they were built up to (the projections' `_checkpoints`, the
 * e-mail reactor's `_reactor_checkpoints`). Those are positions in THAT log. EventStoreDB positions are
 * byte offsets, so once bookings taken after the restore pass them they name the middle of a new record
 * (the server refuses to read from there: the projector would exit and restart for ever) or an event the
 * read models would then skip. Dropped, the projector builds every read model from the restored log and
 * the reactor looks back over its last days, its claims in the log keeping every mail single.
 * Kept: what is not derived from the log (guests' keys, the gallery's files, sessions, rebuild runs).
 */
export interface DerivedFromLog {
  /** The read models' collections (each with its `<name>__rebuild` shadow, if a rebuild was cut short). */
  readModels: readonly string[];
  /** The collections holding positions in the log. */
  positions: readonly string[];
}

/** Drops what is there of it, the positions last (run it again if it was cut short); answers the names dropped. */
export async function dropDerivedFromLog(documents: DocumentStore, derived: DerivedFromLog): Promise<string[]> {
  const present = new Set(await documents.listCollections());
  const readModels = derived.readModels.flatMap((name) => [name, `${name}__rebuild`]).filter((name) => present.has(name));
  const positions = derived.positions.filter((name) => present.has(name));
  for (const name of [...readModels, ...positions]) await documents.dropCollection(name);
  return [...readModels, ...positions];
}
