import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockedDateResultSchemaOut, blockedDateSchema, blockedDateSchemaOut } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { parseWith } from '../platform/http/validation.js';
import { answerCache } from '../platform/http/answer-cache.js';
import { documented, fromCache } from '../platform/http/openapi.js';
import { blockDate, unblockDate } from './blocked-date-commands.js';
import { blockedRangeRoutes } from './blocked-range-routes.js';
import { blockedDatesProjection, type BlockedDateDoc } from './blocked-dates-projection.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** Anonymous read: both booking forms read this to refuse closed days before submitting. */
export const blockedDatesPublicRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const collection = () => runtime.documents.collection<BlockedDateDoc>(blockedDatesProjection.name);
  const cached = answerCache();
  app.get('/blocked-dates', { schema: { ...fromCache, response: { 200: z.array(blockedDateSchemaOut) } } }, async (request, reply) =>
    cached(request, reply, 'blocked-dates', await runtime.readModels.versionOf(blockedDatesProjection.name), async () => {
      const docs = await collection().find({}, { sort: { date: 1 } });
      return docs.map((d) => ({ id: d.id, date: d.date, reason: d.reason, ...(d.range ? { range: d.range } : {}) }));
    }),
  );
};

export const blockedDatesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;

  // Staff: close a day, keeping its bookings or cancelling them (each guest mailed once).
  app.post(
    '/admin/blocked-dates',
    { preHandler: requireAdmin, schema: { ...documented({ body: blockedDateSchema }), response: { 201: blockedDateResultSchemaOut } } },
    async (request, reply) => {
      const input = parseWith(blockedDateSchema, request.body);
      return reply.status(201).send(await blockDate(runtime, input, request.commandContext()));
    },
  );

  const reopened = documented({ answers: { 200: 'The day is open again: its { id, date }.' } });
  // Staff: reopen a day, by the block's id (what the dashboard sends) or its yyyy-MM-dd date.
  app.delete('/admin/blocked-dates/:id', { preHandler: requireAdmin, schema: { ...reopened, params: idParams } }, async (request) =>
    unblockDate(runtime, request.params.id, request.commandContext()),
  );

  // Staff: close a range of dates (impact preview, block, unblock).
  await app.register(blockedRangeRoutes);
};
