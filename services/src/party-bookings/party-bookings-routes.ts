import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PARTY_BOOKING_NOT_FOUND,
  adminPartyDetailsPatchSchema,
  changedSchema,
  createdSchema,
  eventTypeLabel,
  partyApprovalSchema,
  partyBookingSchemaOut,
  publicPartyBookingSchema,
  todayIn,
  type PartyBookingOut,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { parseWith } from '../platform/http/validation.js';
import { documented } from '../platform/http/openapi.js';
import { ForbiddenError } from '../platform/errors.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { parseIfMatch, sendVersion } from '../platform/http/if-match.js';
import { detailsChangeFrom, seatingOptionsFrom, BOOKING_ORDER } from '../bookings/index.js';
import { cancelPartyBooking, changePartyBookingDetails, decidePartyBooking, requestPartyBooking } from './party-booking-commands.js';
import { partyBookingsProjection, type PartyBookingDoc } from './party-bookings-projection.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const decisionSchema = z.object({ id: z.string(), status: z.enum(['approved', 'rejected']), version: z.number().int() });

export function toPartyBookingOut(doc: PartyBookingDoc): PartyBookingOut {
  return {
    id: doc.id,
    name: doc.name,
    email: doc.email,
    phone: doc.phone,
    eventType: doc.eventType ?? null,
    eventTypeLabel: eventTypeLabel(doc.eventType),
    partySize: doc.partySize,
    date: doc.date,
    time: doc.time,
    specialRequests: doc.specialRequests ?? null,
    status: doc.status,
    adminNotes: doc.adminNotes ?? null,
    approvedBy: doc.approvedBy ?? null,
    approvedAt: doc.approvedAt ?? null,
    source: doc.source,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    version: doc.version,
  };
}

export const partyBookingsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const today = () => todayIn(runtime.config.zone, runtime.clock.now());
  const collection = () => runtime.documents.collection<PartyBookingDoc>(partyBookingsProjection.name);
  // OpenAPI: the input the handlers below parse themselves, with the same contract schemas.
  const docs = {
    request: documented({ body: publicPartyBookingSchema(today(), runtime.config.bookingHorizonDays), etag: true }),
    read: documented({ etag: true }),
    change: documented({ body: adminPartyDetailsPatchSchema(null), ifMatch: true, etag: true }),
    decide: documented({ body: partyApprovalSchema, ifMatch: true, etag: true }),
    cancel: documented({ ifMatch: true, etag: true }),
  };

  // Public: the 'Book Your Party' dialog. Starts pending until an admin decides.
  app.post('/party-bookings', { schema: { ...docs.request, response: { 201: createdSchema } } }, async (req, reply) => {
    const input = parseWith(publicPartyBookingSchema(today(), runtime.config.bookingHorizonDays), req.body);
    const created = await requestPartyBooking(runtime, 'public', input, req.commandContext());
    sendVersion(reply, created.version);
    return reply.status(201).send(created);
  });

  // Staff: the Parties section. Bookings dated today (café zone) or later, every status, by date then time.
  app.get('/party-bookings', { preHandler: requireAdmin, schema: { response: { 200: z.array(partyBookingSchemaOut) } } }, async () => {
    const docs = await collection().find({ date: { $gte: today() } }, { sort: BOOKING_ORDER });
    return docs.map(toPartyBookingOut);
  });

  app.get(
    '/admin/party-bookings/:id',
    { preHandler: requireAdmin, schema: { ...docs.read, params: idParams, response: { 200: partyBookingSchemaOut } } },
    async (req, reply) => {
      const doc = await collection().get(req.params.id);
      if (!doc) throw new NotFound(PARTY_BOOKING_NOT_FOUND);
      sendVersion(reply, doc.version);
      return toPartyBookingOut(doc);
    },
  );

  // Staff: the Edit Party Booking dialog (sizes 1–10, 15, 20, 25, 30; 'Event type is required').
  app.patch(
    '/party-bookings/:id/details',
    { preHandler: requireAdmin, schema: { ...docs.change, params: idParams, response: { 200: changedSchema } } },
    async (req, reply) => {
      const expectedVersion = parseIfMatch(req);
      const changes = detailsChangeFrom(adminPartyDetailsPatchSchema(null), req.body);
      const changed = await changePartyBookingDetails(
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

  /**
   * Staff: Approve/Reject. pending → approved | rejected, once. For a decided booking the dialog re-sends
   * the same status with edited notes (a notes-only edit); a different status is 409. Only If-Match can
   * tell a stale second decision from a notes edit, so clients should send the version they saw.
   * Approval seats the party: a full slot is 409 fully booked unless `?override=capacity`.
   */
  app.patch(
    '/party-bookings/:id/approve',
    { preHandler: requireAdmin, schema: { ...docs.decide, params: idParams, response: { 200: decisionSchema } } },
    async (req, reply) => {
      const { id } = req.params;
      const expectedVersion = parseIfMatch(req);
      const input = parseWith(partyApprovalSchema, req.body);
      const actor = req.actor;
      if (actor.kind !== 'admin') throw new ForbiddenError();
      const { version } = await decidePartyBooking(
        runtime,
        id,
        { status: input.status, adminNotes: input.adminNotes, decidedBy: actor.email },
        expectedVersion,
        req.commandContext(),
        seatingOptionsFrom(req.query),
      );
      sendVersion(reply, version);
      return { id, status: input.status, version };
    },
  );

  // Staff: cancel ('Deleting a party booking is described as cancelled'). It leaves every list; its history stays.
  app.delete(
    '/party-bookings/:id',
    { preHandler: requireAdmin, schema: { ...docs.cancel, params: idParams, response: { 200: changedSchema } } },
    async (req, reply) => {
      const cancelled = await cancelPartyBooking(runtime, req.params.id, parseIfMatch(req), req.commandContext());
      sendVersion(reply, cancelled.version);
      return cancelled;
    },
  );
};
