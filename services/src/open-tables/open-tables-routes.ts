import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GUEST_BOOKING_CANCELLED,
  GUEST_BOOKING_NOT_FOUND,
  GUEST_LINK_EXPIRED,
  GUEST_LINK_INVALID,
  OPEN_TABLE_NOT_FOUND,
  adminOpenTableSchema,
  adminOpenTablesSchema,
  hostOpenTableSchema,
  joinAnswerSchema,
  joinAnsweredSchema,
  joinRequestCreatedSchema,
  joinRequestSchema,
  openTableSchema,
  openTablesQuerySchema,
  publicOpenTablesSchema,
  tableOpenedSchema,
  todayIn,
  type JoinAnswer,
  type PublicOpenTable,
} from '@cafe/contracts';
import type { CommandContext } from '../platform/commands/command-types.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { ForbiddenError, GoneError } from '../platform/errors.js';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts } from '../platform/http/openapi.js';
import { guestLinks } from '../guest-links/index.js';
import { findReservation } from '../reservations/index.js';
import { acceptJoin, askToJoin, closeTable, declineJoin, openTable } from './open-table-commands.js';
import { tableIdFrom, tableIdOf } from './open-table-decider.js';
import { openSeatsLeft, openTablesProjection, type OpenTableDoc } from './open-tables-projection.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tokenParams = z.object({ token: z.string().max(300) });
const answerParams = z.object({
  id: z.string().min(1).max(100),
  requestId: z.string().min(1).max(100),
});
const hostAnswerParams = z.object({
  token: z.string().max(300),
  requestId: z.string().min(1).max(100),
});

/** What anyone may see of a table: the host's first name, the game and the seats, never a joiner. */
const publicView = (doc: OpenTableDoc): PublicOpenTable => ({
  id: doc.tableId,
  date: doc.date,
  time: doc.time,
  hostFirstName: doc.hostFirstName,
  game: doc.game,
  seats: doc.seats,
  seatsLeft: openSeatsLeft(doc),
});
const listed = (doc: OpenTableDoc) => doc.open && doc.reservationLive;
const byTime = (a: OpenTableDoc, b: OpenTableDoc) => a.time.localeCompare(b.time) || a.tableId.localeCompare(b.tableId);

/**
 * Open tables (additive to SPEC's REST contract): the public listing and join requests, the host's
 * page through their booking's signed link (guest-bookings' guest links), and staff's view.
 */
export const openTablesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const links = guestLinks(runtime.config);
  const tables = () => runtime.documents.collection<OpenTableDoc>(openTablesProjection.name);
  const table = async (tableId: string) => {
    const doc = await tables().get(tableId);
    if (!doc) throw new NotFound(OPEN_TABLE_NOT_FOUND);
    return doc;
  };

  /** The host's reservation behind a link: the same answers as the guest's booking page (403, 410, 404). */
  async function hostReservation(token: string) {
    const claims = links.verify(token);
    if (!claims || claims.kind !== 'reservation') throw new ForbiddenError(GUEST_LINK_INVALID);
    if (runtime.clock.now().getTime() >= claims.expires * 1000) throw new GoneError(GUEST_LINK_EXPIRED);
    // The reservations read model: every command waits for it before answering, so it holds the latest change.
    const reservation = await findReservation(runtime.documents, claims.id);
    if (reservation === null) throw new NotFound(GUEST_BOOKING_NOT_FOUND);
    if (reservation === 'cancelled') throw new GoneError(GUEST_BOOKING_CANCELLED);
    if (reservation.date < todayIn(runtime.config.zone, runtime.clock.now())) throw new GoneError(GUEST_LINK_EXPIRED);
    return { id: claims.id, details: reservation };
  }
  const asGuest = (req: FastifyRequest): CommandContext => ({ ...req.commandContext(), actor: { kind: 'guest' } });

  app.get(
    '/open-tables',
    { schema: { ...accepts({ querystring: openTablesQuerySchema }), response: { 200: publicOpenTablesSchema } } },
    async (req, reply) => {
      const { date } = req.query;
      const docs = await tables().find({ date });
      reply.header('cache-control', 'no-cache');
      return { date, tables: docs.filter(listed).sort(byTime).map(publicView) };
    },
  );

  app.post(
    '/open-tables/:id/join-requests',
    { schema: { ...accepts({ body: joinRequestSchema }), params: idParams, response: { 201: joinRequestCreatedSchema } } },
    async (req, reply) => {
      const id = tableIdFrom(req.params.id);
      return reply.status(201).send(await askToJoin(runtime, id, req.body, req.commandContext()));
    },
  );

  app.get('/open-tables/host/:token', { schema: { params: tokenParams, response: { 200: hostOpenTableSchema } } }, async (req, reply) => {
    const { id, details } = await hostReservation(req.params.token);
    const doc = await tables().get(tableIdOf(id));
    // The answer names the host and who asks to join: never cached, never indexed.
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    const { name, date, time, partySize } = details;
    return {
      reservation: { name, date, time, partySize },
      table: doc ? { ...publicView(doc), open: doc.open, requests: doc.requests.map(({ email: _e, ...request }) => request) } : null,
    };
  });

  app.put(
    '/open-tables/host/:token',
    { schema: { ...accepts({ body: openTableSchema }), params: tokenParams, response: { 200: tableOpenedSchema } } },
    async (req) => {
      const { id } = await hostReservation(req.params.token);
      return openTable(runtime, id, req.body, asGuest(req));
    },
  );

  app.delete('/open-tables/host/:token', { schema: { params: tokenParams, response: { 200: tableOpenedSchema } } }, async (req) => {
    const { id } = await hostReservation(req.params.token);
    const { version } = await closeTable(runtime, tableIdOf(id), asGuest(req));
    return { id: tableIdOf(id), version };
  });

  app.post(
    '/open-tables/host/:token/requests/:requestId',
    { schema: { ...accepts({ body: joinAnswerSchema }), params: hostAnswerParams, response: { 200: joinAnsweredSchema } } },
    async (req) => {
      const { id } = await hostReservation(req.params.token);
      return answer(tableIdOf(id), req.params.requestId, req.body.answer, asGuest(req));
    },
  );

  async function answer(tableId: string, requestId: string, verdict: JoinAnswer, context: CommandContext) {
    await (verdict === 'accept' ? acceptJoin : declineJoin)(runtime, tableId, requestId, context);
    const doc = await table(tableId);
    return {
      id: requestId,
      status: verdict === 'accept' ? ('accepted' as const) : ('declined' as const),
      seatsLeft: publicView(doc).seatsLeft,
    };
  }

  app.get(
    '/admin/open-tables',
    {
      preHandler: requireAdmin,
      schema: { ...accepts({ querystring: openTablesQuerySchema }), response: { 200: adminOpenTablesSchema } },
    },
    async (req) => {
      const { date } = req.query;
      const docs = await tables().find({ date });
      return {
        date,
        tables: docs
          .filter((d) => d.reservationLive)
          .sort(byTime)
          .map((d) => ({ ...publicView(d), reservationId: d.reservationId, open: d.open, requests: d.requests })),
      };
    },
  );

  app.post(
    '/admin/open-tables',
    { preHandler: requireAdmin, schema: { ...accepts({ body: adminOpenTableSchema }), response: { 200: tableOpenedSchema } } },
    async (req) => {
      const { reservationId, ...input } = req.body;
      return openTable(runtime, reservationId, input, req.commandContext());
    },
  );

  app.delete(
    '/admin/open-tables/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: tableOpenedSchema } } },
    async (req) => {
      const id = tableIdFrom(req.params.id);
      const { version } = await closeTable(runtime, id, req.commandContext());
      return { id, version };
    },
  );

  app.post(
    '/admin/open-tables/:id/requests/:requestId',
    {
      preHandler: requireAdmin,
      schema: { ...accepts({ body: joinAnswerSchema }), params: answerParams, response: { 200: joinAnsweredSchema } },
    },
    async (req) => answer(tableIdFrom(req.params.id), req.params.requestId, req.body.answer, req.commandContext()),
  );
};
