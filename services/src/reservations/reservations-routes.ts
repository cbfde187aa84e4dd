import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReservationPatchSchema,
  adminReservationSchema,
  changedSchema,
  createdSchema,
  publicReservationSchema,
  reservationSchemaOut,
  todayIn,
  type ReservationEvent,
  type ReservationOut,
  type ReservationDetails,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { parseWith } from '../platform/http/validation.js';
import { NotFoundError } from '../platform/errors.js';
import { parseIfMatch, sendVersion } from '../platform/http/if-match.js';
import { bookingFlows, type BookingKind } from './bookings-kit.js';
import {
  RESERVATION_NOT_FOUND,
  reservationDecider,
  reservationStream,
  type ReservationCommand,
  type ReservationState,
} from './reservation-decider.js';
import { reservationsProjection, type ReservationDoc } from './reservations-projection.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

const reservations: BookingKind<ReservationState, ReservationCommand, ReservationEvent> = {
  decider: reservationDecider,
  stream: reservationStream,
  notFound: RESERVATION_NOT_FOUND,
  liveDetails: (state) => (state.status === 'requested' ? state.details : null),
};

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
  const flows = bookingFlows(runtime, reservations);

  const request = (req: FastifyRequest, reply: FastifyReply, source: 'public' | 'admin', details: ReservationDetails) =>
    flows.request(req, reply, details.date, (reservationId, closedReason) => ({
      type: 'RequestReservation',
      reservationId,
      source,
      details,
      closedReason,
    }));

  // Public: a visitor books a table. Validated with the same contract schema the form uses.
  app.post('/reservations', { schema: { response: { 201: createdSchema } } }, async (req, reply) => {
    const input = parseWith(publicReservationSchema(today()), req.body);
    return request(req, reply, 'public', input);
  });

  // Staff: the Add New Reservation dialog (sizes 1–10, the dialog's messages).
  app.post(
    '/admin/reservations',
    { preHandler: requireAdmin, schema: { response: { 201: createdSchema } } },
    async (req, reply) => {
      const input = parseWith(adminReservationSchema(today()), req.body);
      return request(req, reply, 'admin', input);
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
    async (req, reply) =>
      flows.changeDetails(req, reply, req.params.id, adminReservationPatchSchema(null), (changes, closedReason) => ({
        type: 'ChangeReservation',
        changes,
        closedReason,
      })),
  );

  // Staff: cancel. The booking leaves every view; its stream (the history) stays.
  app.delete(
    '/reservations/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: changedSchema } } },
    async (req, reply) =>
      flows.commandOn(req, reply, req.params.id, { type: 'CancelReservation' }, parseIfMatch(req)),
  );
};
