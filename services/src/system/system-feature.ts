import type { Feature } from '../platform/runtime/runtime.js';
import { systemRoutes } from './system-routes.js';
import { rebuildControlOf } from './rebuild-control.js';
import { serveControlSocket } from './control-socket.js';
import { startRebuildWorker } from './rebuild-worker.js';

/**
 * Operating the read models live. The embedded gateway runs the projections, so it also listens on the
 * control socket for `ops rebuild`; the projector (STORE=eventstoredb) takes rebuild requests from the
 * control collection. The routes serve the dashboard's System section in both.
 */
export const systemFeature: Feature = {
  name: 'system',
  routes: systemRoutes,
  start: async (runtime) => {
    if (!runtime.engine) return;
    if (runtime.config.store === 'embedded') {
      return (await serveControlSocket(runtime.config.dataDir, rebuildControlOf(runtime), runtime.logger)) ?? undefined;
    }
    return startRebuildWorker(runtime.engine, runtime.documents, { logger: runtime.logger });
  },
};
