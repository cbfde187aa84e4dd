import { randomUUID } from 'node:crypto';
import type { Feature } from '../platform/runtime/runtime.js';
import { closuresRoutes } from './closures-routes.js';
import { runClosure } from './closure-process.js';
import { startedBy } from './closure-record.js';
import { openClosuresProjection, type OpenClosureDoc } from './open-closures-projection.js';

/**
 * Closures: staff closing days (one date or a range). A closure left unfinished (the
 * process stopped midway) is resumed here, where the read models and the mail reactor run, in the
 * background so the site answers meanwhile; it acts as the staff member who started it.
 */
export const closuresFeature: Feature = {
  name: 'closures',
  projections: [openClosuresProjection],
  routes: closuresRoutes,
  start: async (runtime) => {
    if (!runtime.engine) return;
    const open = await runtime.documents.collection<OpenClosureDoc>(openClosuresProjection.name).find({});
    if (open.length === 0) return;
    // Logged under the name operators already search for.
    const logger = runtime.logger.child({ feature: 'blocked-dates' });
    const stopping = new AbortController();
    const resuming = (async () => {
      for (const doc of open) {
        const actor = await startedBy(runtime, doc.id);
        if (!actor || stopping.signal.aborted) continue;
        const context = { actor, correlationId: randomUUID(), causationId: doc.id };
        logger.info({ closureId: doc.id, from: doc.from, to: doc.to }, 'resuming an unfinished closure');
        try {
          const result = await runClosure(runtime, doc.id, context, { signal: stopping.signal });
          logger.info({ closureId: doc.id, cancelled: result.cancelled.length }, 'closure finished');
        } catch (error) {
          if (!stopping.signal.aborted) logger.error({ err: error, closureId: doc.id }, 'closure not finished');
        }
      }
    })();
    return async () => {
      stopping.abort();
      await resuming;
    };
  },
};
