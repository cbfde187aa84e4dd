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
import { parseWith } from '../platform/http/validation.js';
import { documented } from '../platform/http/openapi.js';
import { blockDateRange } from './closure-commands.js';
import { blockedDatesProjection, type BlockedDateDoc } from '../blocked-dates/index.js';
import { closureImpactBookings, openTablesInRange } from './range-impact.js';

/** Staff close a range of dates: the impact preview and the block itself (lifting it is the blocked-dates slice's). */
export const blockedRangeRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const today = () => todayIn(runtime.config.zone, runtime.clock.now());

  // What the dialog lists before the admin confirms: the live bookings and game-night sign-ups in the range, read from the read models.
  app.get(
    '/admin/blocked-ranges/impact',
    {
      preHandler: requireAdmin,
      schema: { ...documented({ querystring: blockedRangeQuerySchema(today()) }), response: { 200: rangeImpactSchema } },
    },
    async (request) => {
      const { from, to } = parseWith(blockedRangeQuerySchema(today()), request.query);
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
      schema: { ...documented({ body: blockedRangeSchema(today()) }), response: { 201: blockedRangeSchemaOut } },
    },
    async (request, reply) => {
      const input = parseWith(blockedRangeSchema(today()), request.body);
      return reply.status(201).send(await blockDateRange(runtime, input, request.commandContext()));
    },
  );
};
