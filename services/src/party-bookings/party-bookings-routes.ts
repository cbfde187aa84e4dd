import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  adminPartyDetailsPatchSchema,
  changedSchema,
  createdSchema,
  eventTypeLabel,
  partyApprovalSchema,
  partyBookingSchemaOut,
  publicPartyBookingSchema,
  todayIn,
  type DetailsChange,
  type PartyBookingDetails,
  type PartyBookingOut,
} from '@cafe/contracts';
import { loadState } from '../platform/commands/command-handler.js';
import { runCommand } from '../platform/commands/run-command.js';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { parseWith } from '../platform/http/validation.js';
import { ForbiddenError, NotFoundError } from '../platform/errors.js';
import { closedReason } from '../blocked-dates/blocked-date-decider.js';
import { clearsSpecialRequests } from '../reservations/booking-details.js';
import { notFoundOverConflict, parseIfMatch, sendVersion } from '../platform/http/if-match.js';
import { PARTY_BOOKING_NOT_FOUND, partyBookingDecider, partyBookingStream } from './party-booking-decider.js';
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

  // Public: the 'Book Your Party' dialog. Starts pending until an admin decides.
  app.post('/party-bookings', { schema: { response: { 201: createdSchema } } }, async (req, reply) => {
    const input = parseWith(publicPartyBookingSchema(today()), req.body);
    const partyBookingId = randomUUID();
    const result = await runCommand(
      runtime,
      partyBookingDecider,
      partyBookingStream(partyBookingId),
      {
        type: 'RequestPartyBooking',
        partyBookingId,
        source: 'public',
        details: input,
        closedReason: await closedReason(runtime.eventStore, input.date),
      },
      req.commandContext(),
    );
    sendVersion(reply, result.version);
    return reply.status(201).send({ id: partyBookingId, version: result.version });
  });

  // Staff: the Parties section. Bookings dated today (café zone) or later, every status, by date then time.
  app.get(
    '/party-bookings',
    { preHandler: requireAdmin, schema: { response: { 200: z.array(partyBookingSchemaOut) } } },
    async () => {
      const docs = await collection().find({ date: { $gte: today() } }, { sort: { date: 1, time: 1, createdAt: 1 } });
      return docs.map(toPartyBookingOut);
    },
  );

  app.get(
    '/admin/party-bookings/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: partyBookingSchemaOut } } },
    async (req, reply) => {
      const doc = await collection().get(req.params.id);
      if (!doc) throw new NotFoundError(PARTY_BOOKING_NOT_FOUND);
      sendVersion(reply, doc.version);
      return toPartyBookingOut(doc);
    },
  );

  // Staff: the Edit Party Booking dialog (sizes 1–10, 15, 20, 25, 30; 'Event type is required').
  app.patch(
    '/party-bookings/:id/details',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: changedSchema } } },
    async (req, reply) => {
      const { id } = req.params;
      let version = parseIfMatch(req);
      const input = parseWith(adminPartyDetailsPatchSchema(null), req.body);
      const changes: DetailsChange<PartyBookingDetails> = { ...input };
      if (clearsSpecialRequests(req.body, input)) changes.specialRequests = null;
      const stream = partyBookingStream(id);
      let date = changes.date;
      if (date === undefined && changes.time !== undefined) {
        // A new time on the stored date: read the date, and pin the version so it cannot move meanwhile.
        const loaded = await loadState(runtime.eventStore, partyBookingDecider, stream);
        if (loaded.state.status === 'none' || loaded.state.status === 'cancelled') {
          throw new NotFoundError(PARTY_BOOKING_NOT_FOUND);
        }
        date = loaded.state.details.date;
        version ??= loaded.version;
      }
      const result = await notFoundOverConflict(runtime.eventStore, stream, version, PARTY_BOOKING_NOT_FOUND, async () =>
        runCommand(
          runtime,
          partyBookingDecider,
          stream,
          {
            type: 'ChangePartyBookingDetails',
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

  /**
   * Staff: Approve/Reject. pending → approved | rejected, once. For a decided booking the dialog re-sends
   * the same status with edited notes (a notes-only edit); a different status is 409. Only If-Match can
   * tell a stale second decision from a notes edit, so clients should send the version they saw.
   */
  app.patch(
    '/party-bookings/:id/approve',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: decisionSchema } } },
    async (req, reply) => {
      const { id } = req.params;
      const expectedVersion = parseIfMatch(req);
      const input = parseWith(partyApprovalSchema, req.body);
      const actor = req.actor;
      if (actor.kind !== 'admin') throw new ForbiddenError();
      const stream = partyBookingStream(id);
      const result = await notFoundOverConflict(runtime.eventStore, stream, expectedVersion, PARTY_BOOKING_NOT_FOUND, () =>
        runCommand(
          runtime,
          partyBookingDecider,
          stream,
          { type: 'DecidePartyBooking', status: input.status, adminNotes: input.adminNotes, decidedBy: actor.email },
          req.commandContext(),
          { expectedVersion },
        ),
      );
      sendVersion(reply, result.version);
      return { id, status: input.status, version: result.version };
    },
  );

  // Staff: cancel ('Deleting a party booking is described as cancelled'). It leaves every list; its history stays.
  app.delete(
    '/party-bookings/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: changedSchema } } },
    async (req, reply) => {
      const { id } = req.params;
      const expectedVersion = parseIfMatch(req);
      const stream = partyBookingStream(id);
      const result = await notFoundOverConflict(runtime.eventStore, stream, expectedVersion, PARTY_BOOKING_NOT_FOUND, () =>
        runCommand(runtime, partyBookingDecider, stream, { type: 'CancelPartyBooking' }, req.commandContext(), {
          expectedVersion,
        }),
      );
      sendVersion(reply, result.version);
      return { id, version: result.version };
    },
  );
};
