import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blockedRangeQuerySchema,
  blockedRangeSchema,
  blockedRangeSchemaOut,
  rangeImpactSchema,
  rangeLength,
  todayIn,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts, builtPerRequest } from '../platform/http/openapi.js';
import { blockDateRange } from './closure-commands.js';
import { blockedDatesProjection, type BlockedDateDoc } from '../blocked-dates/index.js';
import { closureImpactBookings, openTablesInRange } from './range-impact.js';

/** Staff close a range of dates: the impact preview and the block itself (lifting it is the blocked-dates slice's). */
export const blockedRangeRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const today = () => todayIn(runtime.config.zone, runtime.clock.now());
  // Both schemas refuse dates before the café's today: each request is validated with its day's.
  const rangeQuery = () => blockedRangeQuerySchema(today());
  const range = () => blockedRangeSchema(today());

  // What the dialog lists before the admin confirms: the live bookings and game-night sign-ups in the range, read from the read models.
  app.get(
    '/admin/blocked-ranges/impact',
    {
      preHandler: requireAdmin,
      schema: { ...accepts({ querystring: builtPerRequest(rangeQuery) }), response: { 200: rangeImpactSchema } },
    },
    async (request) => {
      const { from, to } = request.query;
      const blocked = await runtime.documents
        .collection<BlockedDateDoc>(blockedDatesProjection.name)
        .find({ date: { $gte: from, $lte: to } }, { sort: { date: 1 } });
      return {
        from,
        to,
        days: rangeLength(from, to),
        alreadyBlocked: blocked.map((d) => ({ date: d.date, reason: d.reason })),
        bookings: await closureImpactBookings(runtime, from, to),
        openTables: await openTablesInRange(runtime, from, to),
      };
    },
  );

  app.post(
    '/admin/blocked-ranges',
    {
      preHandler: requireAdmin,
      schema: { ...accepts({ body: builtPerRequest(range) }), response: { 201: blockedRangeSchemaOut } },
    },
    async (request, reply) => {
      return reply.status(201).send(await blockDateRange(runtime, request.body, request.commandContext()));
    },
  );
};
