import type { EventStore } from '../event-store/event-store.js';
import type { DocumentStore } from '../document-store/document-store.js';
import { CHECKPOINTS, type ProjectionEngine, type ProjectionStatus } from './projection-engine.js';

/**
 * Each projection's checkpoint, head and lag, wherever this process gets them: from its own engine
 * (embedded gateway, projector), or from the checkpoints the projector process writes (a gateway on
 * the real servers), so /readyz and /metrics answer the same question in every process.
 */
export async function projectionStatus(deps: {
  engine: ProjectionEngine | null;
  eventStore: EventStore;
  documents: DocumentStore;
  projectionNames: string[];
}): Promise<ProjectionStatus[]> {
  if (deps.engine) return deps.engine.status();
  return storedProjectionStatus(deps);
}

export interface StoredProjectionStatus extends ProjectionStatus {
  /** When the projector last wrote this checkpoint. */
  updatedAt: string | null;
}

/** Each projection's state as its stored checkpoint says: what a process that does not run the engine sees. */
export async function storedProjectionStatus(deps: {
  eventStore: EventStore;
  documents: DocumentStore;
  projectionNames: string[];
}): Promise<StoredProjectionStatus[]> {
  const head = await deps.eventStore.headPosition();
  const docs = await deps.documents.collection(CHECKPOINTS).find({ _id: { $in: deps.projectionNames } });
  const stored = new Map(docs.map((d) => [String(d._id), d]));
  return deps.projectionNames.map((name) => {
    const doc = stored.get(name);
    const checkpoint = doc ? BigInt(String(doc.position)) : 0n;
    return {
      name,
      checkpoint: checkpoint.toString(),
      head: head.toString(),
      lag: Number(head > checkpoint ? head - checkpoint : 0n),
      rebuilding: false,
      lastRebuiltAt: typeof doc?.rebuiltAt === 'string' ? doc.rebuiltAt : null,
      lastRebuildMs: typeof doc?.rebuildMs === 'number' ? doc.rebuildMs : null,
      updatedAt: typeof doc?.updatedAt === 'string' ? doc.updatedAt : null,
    };
  });
}
