import { randomUUID } from 'node:crypto';
import type { Feature, Runtime } from '../platform/runtime/runtime.js';
import { closuresRoutes } from './closures-routes.js';
import { runClosure } from './closure-process.js';
import { startedBy } from './closure-record.js';
import { openClosuresProjection, type OpenClosureDoc } from './open-closures-projection.js';

/** How often the open closures are looked at again; a closure younger than this is left to whoever runs it. */
const SWEEP_MS = 60_000;

/**
 * Finishes the closures left unfinished (a process stopped midway): those open at start, then every
 * `everyMs` those started longer ago than that (one still running in a request is left alone meanwhile).
 * It needs only the event store and the read models the process queries, so it runs in every process
 * that starts the features: the embedded gateway, and on the real servers the gateway and the projector
 * (each can be the one that comes back). Two runners of one closure converge: each step is recorded once
 * and each booking's own stream says it was cancelled. In the background, so the site answers meanwhile;
 * each acts as the staff member who started it. Answers the function that stops it.
 */
export function resumeClosures(runtime: Runtime, options: { everyMs?: number } = {}): () => Promise<void> {
  const everyMs = options.everyMs ?? SWEEP_MS;
  // Logged under the name operators already search for.
  const logger = runtime.logger.child({ feature: 'blocked-dates' });
  const stopping = new AbortController();
  const resume = async (doc: OpenClosureDoc) => {
    const actor = await startedBy(runtime, doc.id);
    if (!actor || stopping.signal.aborted) return;
    const context = { actor, correlationId: randomUUID(), causationId: doc.id };
    logger.info({ closureId: doc.id, from: doc.from, to: doc.to }, 'resuming an unfinished closure');
    try {
      const result = await runClosure(runtime, doc.id, context, { signal: stopping.signal });
      logger.info({ closureId: doc.id, cancelled: result.cancelled.length }, 'closure finished');
    } catch (error) {
      // Left open: the next sweep tries again.
      if (!stopping.signal.aborted) logger.error({ err: error, closureId: doc.id }, 'closure not finished');
    }
  };
  const sweep = async (minAgeMs: number) => {
    const open = await runtime.documents.collection<OpenClosureDoc>(openClosuresProjection.name).find({});
    const now = runtime.clock.now().getTime();
    for (const doc of open) {
      if (stopping.signal.aborted) return;
      if (now - Date.parse(doc.startedAt) >= minAgeMs) await resume(doc);
    }
  };
  // One sweep at a time: a tick while one runs is skipped.
  let running: Promise<void> | null = null;
  const run = (minAgeMs: number) => {
    running ??= sweep(minAgeMs)
      .catch((error: unknown) => logger.error({ err: error }, 'open closures not read'))
      .finally(() => {
        running = null;
      });
  };
  run(0);
  const timer = setInterval(() => run(everyMs), everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stopping.abort();
    await running;
  };
}

/** Closures: staff closing days (one date or a range); an unfinished one is resumed (resumeClosures). */
export const closuresFeature: Feature = {
  name: 'closures',
  projections: [openClosuresProjection],
  routes: closuresRoutes,
  start: async (runtime) => resumeClosures(runtime),
};
