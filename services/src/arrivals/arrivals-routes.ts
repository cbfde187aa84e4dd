import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DateTime } from 'luxon';
import { z } from 'zod';
import {
  GUEST_RECORD_NOT_FOUND,
  PARTY_BOOKING_NOT_FOUND,
  RESERVATION_NOT_FOUND,
  arrivalMarkedSchema,
  arrivalsOutSchema,
  arrivalsQuerySchema,
  guestRecordOutSchema,
  guestRecordQuerySchema,
  historyEntrySchema,
  markArrivalSchema,
  normaliseEmail,
  todayIn,
  walkInOutSchema,
  walkInSchema,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { accepts } from '../platform/http/openapi.js';
import { parseIfMatch, sendVersion } from '../platform/http/if-match.js';
import { checkId } from '../platform/http/validation.js';
import { addWalkIn, markReservationArrival } from '../reservations/index.js';
import { markPartyBookingArrival } from '../party-bookings/index.js';
import { guestRecord } from './guest-record.js';
import { visitDocId, visitsProjection, type VisitDoc } from './visits-projection.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const KINDS = [
  { kind: 'reservation', segment: 'reservations', notFound: RESERVATION_NOT_FOUND, mark: markReservationArrival },
  { kind: 'party', segment: 'party-bookings', notFound: PARTY_BOOKING_NOT_FOUND, mark: markPartyBookingArrival },
] as const;

/** 'Thursday, November 26, 2026, 7:05 PM CST': the instant as the café's staff read it. */
const cafeTime = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).setLocale('en-US').toFormat('cccc, LLLL d, yyyy, h:mm a ZZZZ');

/**
 * Staff only (additive to SPEC's REST contract): mark arrivals, add a walk-in, read a day's arrivals,
 * a booking's arrival changes (its History merges them) and a guest's record by e-mail.
 */
export const arrivalsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const visits = () => runtime.documents.collection<VisitDoc>(visitsProjection.name);

  for (const { kind, segment, notFound, mark } of KINDS) {
    const docs = accepts({ body: markArrivalSchema, ifMatch: true, etag: true });
    app.patch(
      `/admin/${segment}/:id/arrival`,
      { preHandler: requireAdmin, schema: { ...docs, params: idParams, response: { 200: arrivalMarkedSchema } } },
      async (req, reply) => {
        const id = checkId(req.params.id, notFound);
        const expectedVersion = parseIfMatch(req);
        const { status } = req.body;
        const { version } = await mark(runtime, id, status, expectedVersion, req.commandContext());
        sendVersion(reply, version);
        return { id, status, version };
      },
    );

    app.get(
      `/admin/${segment}/:id/arrivals`,
      { preHandler: requireAdmin, schema: { params: idParams, response: { 200: z.object({ events: z.array(historyEntrySchema) }) } } },
      async (req) => {
        const doc = await visits().get(visitDocId(kind, req.params.id));
        if (!doc) throw new NotFound(notFound);
        return { events: doc.entries.map((e) => ({ ...e, when: cafeTime(e.at, runtime.config.zone) })) };
      },
    );
  }

  app.post(
    '/admin/walk-ins',
    { preHandler: requireAdmin, schema: { ...accepts({ body: walkInSchema, etag: true }), response: { 201: walkInOutSchema } } },
    async (req, reply) => {
      // The date and slot the command stored (a repeat's are the first request's), not the clock read here;
      // with a floor the tables it sits at (those staff tapped, `force` past a rule they were warned of) and until when.
      const { id, version, date, time, tables, stayUntil } = await addWalkIn(runtime, req.body, req.commandContext());
      sendVersion(reply, version);
      return reply.status(201).send({ id, version, date, time, ...(tables ? { tables, stayUntil } : {}) });
    },
  );

  app.get(
    '/admin/arrivals',
    { preHandler: requireAdmin, schema: { ...accepts({ querystring: arrivalsQuerySchema }), response: { 200: arrivalsOutSchema } } },
    async (req) => {
      const { date } = req.query;
      const docs = await visits().find({ date });
      return {
        date,
        bookings: docs
          .filter((d) => d.state === 'live')
          .map(({ kind, id, arrival, walkIn }) => ({ kind, id, status: arrival, walkIn }))
          .sort((a, b) => a.id.localeCompare(b.id)),
      };
    },
  );

  app.get(
    '/admin/guests/record',
    {
      preHandler: requireAdmin,
      schema: { ...accepts({ querystring: guestRecordQuerySchema }), response: { 200: guestRecordOutSchema } },
    },
    async (req) => {
      const { email } = req.query;
      const docs = await visits().find({ email: normaliseEmail(email) });
      if (docs.length === 0) throw new NotFound(GUEST_RECORD_NOT_FOUND);
      return guestRecord(docs, todayIn(runtime.config.zone, runtime.clock.now()));
    },
  );
};
