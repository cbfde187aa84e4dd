import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blockedDateResultSchemaOut, blockedDateSchema } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts } from '../platform/http/openapi.js';
import { blockDate } from './closure-commands.js';
import { blockedRangeRoutes } from './blocked-range-routes.js';

/**
 * The API document lists closing days under the blocked-dates tag, beside the public list of blocked
 * dates and reopening them, as SPEC's paths (/admin/blocked-dates, /admin/blocked-ranges) group them. Set
 * here, in the routes' own scope, after the slice's own tag.
 */
const API_TAG = 'blocked-dates';

export const closuresRoutes: FastifyPluginAsync = async (base) => {
  base.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, tags: [API_TAG] };
  });
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;

  // Staff: close a day, keeping its bookings or cancelling them (each guest mailed once).
  app.post(
    '/admin/blocked-dates',
    { preHandler: requireAdmin, schema: { ...accepts({ body: blockedDateSchema }), response: { 201: blockedDateResultSchemaOut } } },
    async (request, reply) => {
      return reply.status(201).send(await blockDate(runtime, request.body, request.commandContext()));
    },
  );

  // Staff: close a range of dates (impact preview, block).
  await app.register(blockedRangeRoutes);
};
