import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unblockedRangeSchemaOut } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { documented } from '../platform/http/openapi.js';
import { unblockDate } from './blocked-date-commands.js';
import { unblockDateRange } from './blocked-range-commands.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** Staff reopen closed days: one date, or what is left of a range block. Closing them is a closure (the closures slice). */
export const blockedDatesAdminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;

  const reopened = documented({ answers: { 200: 'The day is open again: its { id, date }.' } });
  // Reopen a day, by the block's id (what the dashboard sends) or its yyyy-MM-dd date.
  app.delete('/admin/blocked-dates/:id', { preHandler: requireAdmin, schema: { ...reopened, params: idParams } }, async (request) =>
    unblockDate(runtime, request.params.id, request.commandContext()),
  );

  app.delete(
    '/admin/blocked-ranges/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: unblockedRangeSchemaOut } } },
    async (request) => unblockDateRange(runtime, request.params.id, request.commandContext()),
  );
};
