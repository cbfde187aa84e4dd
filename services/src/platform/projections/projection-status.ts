import type { EventStore } from '../event-store/event-store.js';
import type { DocumentStore } from '../document-store/document-store.js';
import { CHECKPOINTS, type ProjectionEngine, type ProjectionStatus } from './projection-engine.js';
import { LAG_COUNT_LIMIT, lagsOf } from './projection-runner.js';

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
  /** Lag is counted in events up to this (READYZ_MAX_LAG + 1 is enough to tell). */
  lagLimit?: number;
}): Promise<ProjectionStatus[]> {
  if (deps.engine) return deps.engine.status(deps.lagLimit);
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
  lagLimit?: number;
}): Promise<StoredProjectionStatus[]> {
  const head = await deps.eventStore.headPosition();
  const docs = await deps.documents.collection(CHECKPOINTS).find({ _id: { $in: deps.projectionNames } });
  const stored = new Map(docs.map((d) => [String(d._id), d]));
  const checkpointOf = (name: string) => {
    const doc = stored.get(name);
    return doc ? BigInt(String(doc.position)) : 0n;
  };
  // Negative when a checkpoint lies beyond the head: /readyz says so rather than reading it as 0.
  const lags = await lagsOf(deps.eventStore, head, deps.projectionNames.map(checkpointOf), deps.lagLimit ?? LAG_COUNT_LIMIT);
  return deps.projectionNames.map((name) => {
    const doc = stored.get(name);
    const checkpoint = checkpointOf(name);
    return {
      name,
      checkpoint: checkpoint.toString(),
      head: head.toString(),
      lag: lags.get(checkpoint)!,
      rebuilding: false,
      lastRebuiltAt: typeof doc?.rebuiltAt === 'string' ? doc.rebuiltAt : null,
      lastRebuildMs: typeof doc?.rebuildMs === 'number' ? doc.rebuildMs : null,
      updatedAt: typeof doc?.updatedAt === 'string' ? doc.updatedAt : null,
    };
  });
}
