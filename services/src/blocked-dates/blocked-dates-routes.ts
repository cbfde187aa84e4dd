import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockedDateSchemaOut } from '@cafe/contracts';
import { answerCache } from '../platform/http/answer-cache.js';
import { fromCache } from '../platform/http/openapi.js';
import { blockedDatesProjection, type BlockedDateDoc } from './blocked-dates-projection.js';

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
