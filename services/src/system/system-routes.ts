import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  rebuildRequestSchema,
  rebuildRunSchema,
  systemEventsQuerySchema,
  systemEventsSchema,
  systemProjectionsSchema,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { rebuildControlOf } from './rebuild-control.js';
import { projectionStates, recentEvents } from './system-status.js';

/** The staff dashboard's System section: read models, live rebuild, event log. Staff only. */
export const systemRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;

  app.get('/admin/system/projections', { preHandler: requireAdmin, schema: { response: { 200: systemProjectionsSchema } } }, async () => ({
    store: runtime.config.store,
    projections: await projectionStates(runtime),
    lastRun: await rebuildControlOf(runtime).lastRun(),
  }));

  // 202: the rebuild runs on (the served read models keep answering); the projections list says when it is done.
  app.post(
    '/admin/system/projections/rebuild',
    { preHandler: requireAdmin, schema: { body: rebuildRequestSchema, response: { 202: rebuildRunSchema } } },
    async (req, reply) => {
      const { run } = await rebuildControlOf(runtime).start(req.body.names);
      return reply.status(202).send(run);
    },
  );

  app.get(
    '/admin/system/events',
    { preHandler: requireAdmin, schema: { querystring: systemEventsQuerySchema, response: { 200: systemEventsSchema } } },
    async (req) => recentEvents(runtime, req.query),
  );
};
