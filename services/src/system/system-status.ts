import {
  actorLabel,
  SYSTEM_EVENTS_SCAN_LIMIT,
  type ProjectionState,
  type SystemEvent,
  type SystemEvents,
  type SystemEventsQuery,
} from '@cafe/contracts';
import type { Runtime } from '../platform/runtime/runtime.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { ProjectionStatus } from '../platform/projections/projection-runner.js';
import { latestRun } from './rebuild-control.js';

/**
 * Each read model's state: the engine's own where this process runs it (embedded), otherwise the
 * checkpoints the projector writes (with the run in the control collection saying what is rebuilding).
 */
export async function projectionStates(runtime: Runtime): Promise<ProjectionState[]> {
  const status = await runtime.projectionStatus();
  // Without an engine here, the projector's latest run says what is being rebuilt.
  const run = runtime.engine ? null : await latestRun(runtime.documents);
  const running = run && (run.status === 'running' || run.status === 'requested') ? run.projections : [];
  return Promise.all(
    status.map(async (s) => ({
      ...(await projectionRow(runtime.documents, s)),
      rebuilding: runtime.engine ? s.rebuilding : running.includes(s.name),
      lastRebuiltAt: s.lastRebuiltAt,
      lastRebuildMs: s.lastRebuildMs,
    })),
  );
}

/** A read model's place in the log and its collection's size: the dashboard's row and `ops projections`' line. */
export async function projectionRow(documents: DocumentStore, s: Pick<ProjectionStatus, 'name' | 'checkpoint' | 'head' | 'lag'>) {
  return {
    name: s.name,
    checkpoint: s.checkpoint,
    head: s.head,
    lag: Math.max(0, s.lag),
    documents: await documents.collection(s.name).count(),
  };
}

/** Events read per backwards page while filtering by type. */
const PAGE = 1_000;

/** The event log, newest first: one stream's history, or $all, optionally of one type (an operator's view: it reads the log). */
export async function recentEvents(
  runtime: Runtime,
  query: Required<Pick<SystemEventsQuery, 'limit'>> & SystemEventsQuery,
): Promise<SystemEvents> {
  const { eventStore } = runtime;
  const limit = Number(query.limit);
  const type = query.type || undefined;
  const matches = (e: RecordedEvent) => !type || e.type === type;
  if (query.stream) {
    // One stream is short (a booking's history): read it whole, backwards, and filter.
    const events = await eventStore.readStream(query.stream, { direction: 'backwards', maxCount: type ? SYSTEM_EVENTS_SCAN_LIMIT : limit });
    const found = events.filter(matches);
    return {
      events: found.slice(0, limit).map(toSystemEvent),
      scanned: events.length,
      truncated: events.length >= SYSTEM_EVENTS_SCAN_LIMIT,
    };
  }
  const found: RecordedEvent[] = [];
  let scanned = 0;
  let before: bigint | undefined;
  for (;;) {
    const pageSize = type ? PAGE : limit;
    const page = await eventStore.readAll({
      direction: 'backwards',
      maxCount: pageSize,
      ...(before !== undefined ? { after: before } : {}),
    });
    scanned += page.length;
    found.push(...page.filter(matches));
    const atStart = page.length < pageSize;
    if (found.length >= limit || atStart || scanned >= SYSTEM_EVENTS_SCAN_LIMIT) {
      return { events: found.slice(0, limit).map(toSystemEvent), scanned, truncated: !atStart && found.length < limit };
    }
    before = page[page.length - 1]!.position;
  }
}

function toSystemEvent(event: RecordedEvent): SystemEvent {
  return {
    position: event.position.toString(),
    stream: event.streamId,
    revision: Number(event.revision),
    type: event.type,
    occurredAt: event.metadata.occurredAt,
    actor: actorLabel(event.metadata.actor),
    correlationId: event.metadata.correlationId,
    data: event.data,
  };
}
