import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RESERVATION_NOT_FOUND,
  adminReservationPatchSchema,
  adminReservationSchema,
  changedSchema,
  createdSchema,
  publicReservationSchema,
  reservationSchemaOut,
  todayIn,
  type ReservationOut,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { parseWith } from '../platform/http/validation.js';
import { documented } from '../platform/http/openapi.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { parseIfMatch, sendVersion } from '../platform/http/if-match.js';
import { detailsChangeFrom, seatingOptionsFrom, BOOKING_ORDER } from '../bookings/index.js';
import { cancelReservation, changeReservation, requestReservation } from './reservation-commands.js';
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
  // OpenAPI: the input the handlers below parse themselves, with the same contract schemas.
  const horizon = runtime.config.bookingHorizonDays;
  const docs = {
    book: documented({ body: publicReservationSchema(today(), horizon), etag: true }),
    add: { ...documented({ body: adminReservationSchema(today(), horizon), etag: true }), response: { 201: createdSchema } },
    read: documented({ etag: true }),
    change: documented({ body: adminReservationPatchSchema(null), ifMatch: true, etag: true }),
    cancel: documented({ ifMatch: true, etag: true }),
  };

  // Public: a visitor books a table. Validated with the same contract schema the form uses.
  app.post('/reservations', { schema: { ...docs.book, response: { 201: createdSchema } } }, async (req, reply) => {
    const input = parseWith(publicReservationSchema(today(), runtime.config.bookingHorizonDays), req.body);
    const created = await requestReservation(runtime, 'public', input, req.commandContext());
    sendVersion(reply, created.version);
    return reply.status(201).send(created);
  });

  // Staff: the Add New Reservation dialog (sizes 1–10, the dialog's messages); `?override=capacity` books past a full slot.
  app.post('/admin/reservations', { preHandler: requireAdmin, schema: docs.add }, async (req, reply) => {
    const input = parseWith(adminReservationSchema(today(), runtime.config.bookingHorizonDays), req.body);
    const created = await requestReservation(runtime, 'admin', input, req.commandContext(), seatingOptionsFrom(req.query));
    sendVersion(reply, created.version);
    return reply.status(201).send(created);
  });

  // Staff: every live reservation, sorted by date then time. The dashboard's views (today, list from
  // a week ago, week, month, filters) are GET /api/admin/bookings (bookings-calendar/README.md).
  app.get('/reservations', { preHandler: requireAdmin, schema: { response: { 200: z.array(reservationSchemaOut) } } }, async () => {
    const docs = await collection().find({}, { sort: BOOKING_ORDER });
    return docs.map(toReservationOut);
  });

  app.get(
    '/admin/reservations/:id',
    { preHandler: requireAdmin, schema: { ...docs.read, params: idParams, response: { 200: reservationSchemaOut } } },
    async (req, reply) => {
      const doc = await collection().get(req.params.id);
      if (!doc) throw new NotFound(RESERVATION_NOT_FOUND);
      sendVersion(reply, doc.version);
      return toReservationOut(doc);
    },
  );

  // Staff: the Edit Reservation dialog. Absent fields stay as they are; If-Match guards lost updates;
  // a new date, time or size must fit the seats left unless `?override=capacity`.
  app.patch(
    '/reservations/:id',
    { preHandler: requireAdmin, schema: { ...docs.change, params: idParams, response: { 200: changedSchema } } },
    async (req, reply) => {
      const expectedVersion = parseIfMatch(req);
      const changes = detailsChangeFrom(adminReservationPatchSchema(null), req.body);
      const changed = await changeReservation(
        runtime,
        req.params.id,
        changes,
        expectedVersion,
        req.commandContext(),
        seatingOptionsFrom(req.query),
      );
      sendVersion(reply, changed.version);
      return changed;
    },
  );

  // Staff: cancel. The booking leaves every view; its stream (the history) stays.
  app.delete(
    '/reservations/:id',
    { preHandler: requireAdmin, schema: { ...docs.cancel, params: idParams, response: { 200: changedSchema } } },
    async (req, reply) => {
      const cancelled = await cancelReservation(runtime, req.params.id, parseIfMatch(req), req.commandContext());
      sendVersion(reply, cancelled.version);
      return cancelled;
    },
  );
};
