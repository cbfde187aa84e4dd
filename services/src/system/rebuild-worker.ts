import type { Logger } from 'pino';
import type { ProjectionEngine } from '../platform/projections/projection-engine.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { asError } from '../platform/errors.js';
import { HEARTBEAT_MS, PROJECTOR_HEARTBEAT_ID, REBUILD_REQUESTS, type RunDoc } from './rebuild-control.js';

export interface RebuildWorkerOptions {
  pollMs?: number;
  heartbeatMs?: number;
  logger?: Logger;
}

/**
 * The projector's side of a live rebuild with the real servers: it polls the control collection for
 * requests (a change stream would need the replica set everywhere; a poll works on every store),
 * runs each blue/green on its own engine while it keeps projecting, and records how it ended. A
 * request left 'running' by a projector that died is marked failed at start: its half-built
 * collections were never switched to, so the served read models are intact.
 */
export async function startRebuildWorker(
  engine: ProjectionEngine,
  documents: DocumentStore,
  options: RebuildWorkerOptions = {},
): Promise<() => Promise<void>> {
  const runs = documents.collection<RunDoc>(REBUILD_REQUESTS);
  const logger = options.logger;
  const interrupted = await runs.find({ status: 'running' });
  if (interrupted.length) {
    const now = new Date().toISOString();
    await runs.putMany(
      interrupted.map((r) => ({
        ...r,
        status: 'failed' as const,
        finishedAt: now,
        error: 'The projector stopped during the rebuild; the previous read models kept answering.',
      })),
    );
  }
  const beat = () => documents.collection(REBUILD_REQUESTS).putMany([{ _id: PROJECTOR_HEARTBEAT_ID, at: new Date().toISOString() }]);
  await beat();

  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  const tick = async () => {
    const next = await runs.findOne({ status: 'requested' }, { sort: { requestedAt: 1 } });
    if (!next || stopped) return;
    const startedAt = new Date().toISOString();
    await runs.putMany([{ ...next, status: 'running', startedAt }]);
    logger?.info({ projections: next.projections, run: next._id }, 'rebuild requested: building beside the served read models');
    try {
      const result = await engine.rebuild(next.projections);
      await runs.putMany([
        { ...next, status: 'done', startedAt, finishedAt: new Date().toISOString(), ms: Math.round(result.ms), events: result.events },
      ]);
      logger?.info({ run: next._id, ...result }, 'rebuild switched over');
    } catch (error) {
      const message = asError(error).message;
      await runs.putMany([{ ...next, status: 'failed', startedAt, finishedAt: new Date().toISOString(), error: message }]);
      logger?.error({ err: error, run: next._id }, 'rebuild failed; the previous read models keep answering');
    }
  };
  const poll = setInterval(() => {
    // One at a time: a tick waits for the one before it.
    current = current.then(tick).catch((err: unknown) => logger?.error({ err }, 'rebuild request poll failed'));
  }, options.pollMs ?? 500);
  const heartbeat = setInterval(() => {
    beat().catch((err: unknown) => logger?.error({ err }, 'projector heartbeat failed'));
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  poll.unref();
  heartbeat.unref();
  return async () => {
    stopped = true;
    clearInterval(poll);
    clearInterval(heartbeat);
    await current;
  };
}
