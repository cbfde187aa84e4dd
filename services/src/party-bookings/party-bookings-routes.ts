import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  PARTY_BOOKING_NOT_FOUND,
  adminPartyDetailsPatchSchema,
  capacityOverrideQuerySchema,
  partyApprovalSchema,
  partyBookingSchemaOut,
  publicPartyBookingSchema,
  type PartyBookingOut,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts } from '../platform/http/openapi.js';
import { ForbiddenError } from '../platform/errors.js';
import { parseIfMatch, sendVersion } from '../platform/http/if-match.js';
import { bookingRoutes, idParams, seatingOptionsFrom } from '../booking-flow/index.js';
import { bookingOut, partyOut, recordOut } from '../booking-rules/index.js';
import { cancelPartyBooking, changePartyBookingDetails, decidePartyBooking, requestPartyBooking } from './party-booking-commands.js';
import { partyBookingsProjection, type PartyBookingDoc } from './party-bookings-projection.js';

const decisionSchema = z.object({ id: z.string(), status: z.enum(['approved', 'rejected']), version: z.number().int() });

export const toPartyBookingOut = (doc: PartyBookingDoc): PartyBookingOut => ({
  ...bookingOut(doc),
  ...partyOut(doc),
  approvedBy: doc.approvedBy ?? null,
  approvedAt: doc.approvedAt ?? null,
  ...(doc.heldAs ? { heldAs: doc.heldAs } : {}),
  ...recordOut(doc),
});

/**
 * Party bookings: the booking core's routes, with the party's schemas, messages and commands, and what
 * SPEC gives parties alone: a public request starts pending until staff approve or reject it.
 */
export const partyBookingsRoutes: FastifyPluginAsync = async (base) => {
  const routes = bookingRoutes(base, {
    readModel: partyBookingsProjection.name,
    schemaOut: partyBookingSchemaOut,
    toOut: toPartyBookingOut,
    notFound: PARTY_BOOKING_NOT_FOUND,
    commands: { request: requestPartyBooking, change: changePartyBookingDetails, cancel: cancelPartyBooking },
  });
  const { app, today } = routes;
  const { runtime } = app;

  // Public: the 'Book Your Party' dialog. Starts pending until an admin decides.
  routes.create('/party-bookings', 'public', publicPartyBookingSchema);
  // Staff: the Parties section. Bookings dated today (café zone) or later, every status, by date then time.
  routes.list('/party-bookings', () => ({ date: { $gte: today() } }));
  routes.read('/admin/party-bookings/:id');
  // Staff: the Edit Party Booking dialog (sizes 1–10, 15, 20, 25, 30; 'Event type is required').
  routes.change('/party-bookings/:id/details', adminPartyDetailsPatchSchema);

  /**
   * Staff: Approve/Reject. pending → approved | rejected, once. For a decided booking the dialog re-sends
   * the same status with edited notes (a notes-only edit); a different status is 409. Only If-Match can
   * tell a stale second decision from a notes edit, so clients should send the version they saw.
   * Approval seats the party: a full slot is 409 fully booked unless `?override=capacity`.
   */
  const decide = accepts({ body: partyApprovalSchema, querystring: capacityOverrideQuerySchema, ifMatch: true, etag: true });
  app.patch(
    '/party-bookings/:id/approve',
    { preHandler: requireAdmin, schema: { ...decide, params: idParams, response: { 200: decisionSchema } } },
    async (req, reply) => {
      const { id } = req.params;
      const expectedVersion = parseIfMatch(req);
      const input = req.body;
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
  routes.cancel('/party-bookings/:id');
};
