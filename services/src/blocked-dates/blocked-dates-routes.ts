import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { blockedDateSchema, blockedDateSchemaOut, isIsoDate } from '@cafe/contracts';
import { runCommand } from '../platform/commands/run-command.js';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { parseWith } from '../platform/http/validation.js';
import { NotFoundError } from '../platform/errors.js';
import { BLOCKED_DATE_NOT_FOUND, blockedDateDecider, blockedDateStream } from './blocked-date-decider.js';
import { blockedDatesProjection, type BlockedDateDoc } from './blocked-dates-projection.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

export const blockedDatesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const collection = () => runtime.documents.collection<BlockedDateDoc>(blockedDatesProjection.name);

  // Public: both booking forms read this to refuse closed days before submitting.
  app.get('/blocked-dates', { schema: { response: { 200: z.array(blockedDateSchemaOut) } } }, async () => {
    const docs = await collection().find({}, { sort: { date: 1 } });
    return docs.map((d) => ({ id: d.id, date: d.date, reason: d.reason }));
  });

  // Staff: close a day. The date's own stream makes "one block per date" a 409, even under a race.
  app.post(
    '/admin/blocked-dates',
    { preHandler: requireAdmin, schema: { response: { 201: blockedDateSchemaOut } } },
    async (request, reply) => {
      const input = parseWith(blockedDateSchema, request.body);
      const blockedDateId = randomUUID();
      const result = await runCommand(
        runtime,
        blockedDateDecider,
        blockedDateStream(input.date),
        { type: 'BlockDate', blockedDateId, date: input.date, reason: input.reason },
        request.commandContext(),
      );
      return reply.status(201).send({ id: blockedDateId, date: input.date, reason: input.reason });
    },
  );

  // Staff: reopen a day. The client passes the block's id (SPEC.md §7); a yyyy-MM-dd date works too.
  app.delete(
    '/admin/blocked-dates/:id',
    { preHandler: requireAdmin, schema: { params: idParams } },
    async (request) => {
      const { id } = request.params;
      let date: string;
      let blockedDateId: string | undefined;
      if (isIsoDate(id)) {
        date = id;
      } else {
        // The read model only locates the stream; the decider re-checks the id against the stream itself.
        const doc = await collection().findOne({ id });
        if (!doc) throw new NotFoundError(BLOCKED_DATE_NOT_FOUND);
        date = doc.date;
        blockedDateId = id;
      }
      const result = await runCommand(
        runtime,
        blockedDateDecider,
        blockedDateStream(date),
        { type: 'UnblockDate', date, blockedDateId },
        request.commandContext(),
      );
      const unblocked = result.events[0]!.data;
      return { id: unblocked.blockedDateId, date: unblocked.date };
    },
  );
};
