import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { createdSchema, publicReservationSchema, todayIn } from '@cafe/contracts';
import { handleCommand } from '../platform/commands/command-handler.js';
import { parseWith } from '../platform/http/validation.js';
import { closedReason } from '../blocked-dates/blocked-date-decider.js';
import { reservationDecider, reservationStream } from './reservation-decider.js';

export const reservationsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const deps = { eventStore: runtime.eventStore, clock: runtime.clock, zone: runtime.config.zone };

  // Public: a visitor books a table. Validated with the same contract schema the form uses.
  app.post('/reservations', { schema: { response: { 201: createdSchema } } }, async (request, reply) => {
    const today = todayIn(runtime.config.zone, runtime.clock.now());
    const input = parseWith(publicReservationSchema(today), request.body);
    const reservationId = randomUUID();
    const result = await handleCommand(
      deps,
      reservationDecider,
      reservationStream(reservationId),
      {
        type: 'RequestReservation',
        reservationId,
        source: 'public',
        details: input,
        closedReason: await closedReason(runtime.eventStore, input.date),
      },
      request.commandContext(),
    );
    if (result.position !== null) await runtime.readModels.waitFor(result.position);
    return reply.status(201).send({ id: reservationId, version: result.version });
  });
};
