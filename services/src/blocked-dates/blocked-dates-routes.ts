import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockedDateSchemaOut } from '@cafe/contracts';
import { blockedDatesProjection, type BlockedDateDoc } from './blocked-dates-projection.js';

export const blockedDatesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const collection = () => app.runtime.documents.collection<BlockedDateDoc>(blockedDatesProjection.name);

  // Public: both booking forms read this to refuse closed days before submitting.
  app.get('/blocked-dates', { schema: { response: { 200: z.array(blockedDateSchemaOut) } } }, async () => {
    const docs = await collection().find({}, { sort: { date: 1 } });
    return docs.map((d) => ({ id: d.id, date: d.date, reason: d.reason }));
  });
};
