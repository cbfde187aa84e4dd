import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  adminReservationPatchSchema,
  adminReservationSchema,
  changedSchema,
  createdSchema,
  publicReservationSchema,
  reservationSchemaOut,
  todayIn,
  type DetailsChange,
  type ReservationOut,
  type ReservationDetails,
} from '@cafe/contracts';
import { loadState, type CommandContext } from '../platform/commands/command-handler.js';
import { runCommand } from '../platform/commands/run-command.js';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { parseWith } from '../platform/http/validation.js';
import { NotFoundError } from '../platform/errors.js';
import { closedReason } from '../blocked-dates/blocked-date-decider.js';
import { clearsSpecialRequests } from './booking-details.js';
import { notFoundOverConflict, parseIfMatch, sendVersion } from '../platform/http/if-match.js';
import { RESERVATION_NOT_FOUND, reservationDecider, reservationStream } from './reservation-decider.js';
import { reservationsProjection, type ReservationDoc } from './reservations-projection.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

export function toReservationOut(doc: ReservationDoc): ReservationOut {
  return {
    id: doc.id,
    name: doc.name,
    email: doc.email,
    phone: doc.phone,
    partySize: doc.partySize,
    date: doc.date,
    time: doc.time,
    specialRequests: doc.specialRequests ?? null,
    source: doc.source,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    version: doc.version,
  };
}

export const reservationsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const today = () => todayIn(runtime.config.zone, runtime.clock.now());
  const collection = () => runtime.documents.collection<ReservationDoc>(reservationsProjection.name);

  const request = async (
    source: 'public' | 'admin',
    details: ReservationDetails,
    context: CommandContext,
  ) => {
    const reservationId = randomUUID();
    const result = await runCommand(
      runtime,
      reservationDecider,
      reservationStream(reservationId),
      {
        type: 'RequestReservation',
        reservationId,
        source,
        details,
        closedReason: await closedReason(runtime.eventStore, details.date),
      },
      context,
    );
    return { id: reservationId, version: result.version };
  };

  // Public: a visitor books a table. Validated with the same contract schema the form uses.
  app.post('/reservations', { schema: { response: { 201: createdSchema } } }, async (req, reply) => {
    const input = parseWith(publicReservationSchema(today()), req.body);
    const created = await request('public', input, req.commandContext());
    sendVersion(reply, created.version);
    return reply.status(201).send(created);
  });

  // Staff: the Add New Reservation dialog (sizes 1–10, the dialog's messages).
  app.post(
    '/admin/reservations',
    { preHandler: requireAdmin, schema: { response: { 201: createdSchema } } },
    async (req, reply) => {
      const input = parseWith(adminReservationSchema(today()), req.body);
      const created = await request('admin', input, req.commandContext());
      sendVersion(reply, created.version);
      return reply.status(201).send(created);
    },
  );

  // Staff: every live reservation, sorted by date then time. The dashboard's views (today, list from
  // a week ago, week, month, filters) are GET /api/admin/bookings (bookings-calendar/README.md).
  app.get(
    '/reservations',
    { preHandler: requireAdmin, schema: { response: { 200: z.array(reservationSchemaOut) } } },
    async () => {
      const docs = await collection().find({}, { sort: { date: 1, time: 1, createdAt: 1 } });
      return docs.map(toReservationOut);
    },
  );

  app.get(
    '/admin/reservations/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: reservationSchemaOut } } },
    async (req, reply) => {
      const doc = await collection().get(req.params.id);
      if (!doc) throw new NotFoundError(RESERVATION_NOT_FOUND);
      sendVersion(reply, doc.version);
      return toReservationOut(doc);
    },
  );

  // Staff: the Edit Reservation dialog. Absent fields stay as they are; If-Match guards lost updates.
  app.patch(
    '/reservations/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: changedSchema } } },
    async (req, reply) => {
      const { id } = req.params;
      const expectedVersion = parseIfMatch(req);
      const input = parseWith(adminReservationPatchSchema(null), req.body);
      const changes: DetailsChange<ReservationDetails> = { ...input };
      if (clearsSpecialRequests(req.body, input)) changes.specialRequests = null;
      const stream = reservationStream(id);
      let version = expectedVersion;
      let date = changes.date;
      if (date === undefined && changes.time !== undefined) {
        // A new time on the stored date: read the date, and pin the version so it cannot move meanwhile.
        const loaded = await loadState(runtime.eventStore, reservationDecider, stream);
        if (loaded.state.status !== 'requested') throw new NotFoundError(RESERVATION_NOT_FOUND);
        date = loaded.state.details.date;
        version ??= loaded.version;
      }
      const result = await notFoundOverConflict(runtime.eventStore, stream, version, RESERVATION_NOT_FOUND, async () =>
        runCommand(
          runtime,
          reservationDecider,
          stream,
          {
            type: 'ChangeReservation',
            changes,
            closedReason: date === undefined ? null : await closedReason(runtime.eventStore, date),
          },
          req.commandContext(),
          { expectedVersion: version },
        ),
      );
      sendVersion(reply, result.version);
      return { id, version: result.version };
    },
  );

  // Staff: cancel. The booking leaves every view; its stream (the history) stays.
  app.delete(
    '/reservations/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: changedSchema } } },
    async (req, reply) => {
      const { id } = req.params;
      const expectedVersion = parseIfMatch(req);
      const stream = reservationStream(id);
      const result = await notFoundOverConflict(runtime.eventStore, stream, expectedVersion, RESERVATION_NOT_FOUND, () =>
        runCommand(runtime, reservationDecider, stream, { type: 'CancelReservation' }, req.commandContext(), {
          expectedVersion,
        }),
      );
      sendVersion(reply, result.version);
      return { id, version: result.version };
    },
  );
};
