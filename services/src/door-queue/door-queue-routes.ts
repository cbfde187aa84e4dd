import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  QUEUE_PARTY_NOT_FOUND,
  SMS_NOT_CONFIGURED,
  doorQueueAddSchema,
  doorQueueAddedSchema,
  doorQueueGuestOutSchema,
  doorQueueOutSchema,
  doorQueuePartyOutSchema,
  doorQueueReadySchema,
  doorQueueSeatSchema,
  todayIn,
  type DoorQueuePartyOut,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { accepts, documented } from '../platform/http/openapi.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { queueLinks } from '../guest-links/index.js';
import { addParty, markGone, partyOf, seatParty, tableReady } from './door-queue-commands.js';
import { inOrder, queueEstimates, type QueueEstimates } from './door-queue-estimates.js';
import { doorQueueProjection, type DoorQueueDoc } from './door-queue-projection.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const tokenParams = z.object({ token: z.string().max(300) });
const dateQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be a date (yyyy-MM-dd)' })
    .optional(),
});

const docs = (runtime: Runtime) => runtime.documents.collection<DoorQueueDoc>(doorQueueProjection.name);

function partyOut(doc: DoorQueueDoc, estimates: QueueEstimates): DoorQueuePartyOut {
  const open = doc.status === 'waiting' || doc.status === 'ready';
  return {
    id: doc._id,
    name: doc.name,
    partySize: doc.partySize,
    note: doc.note || null,
    status: doc.status,
    addedAt: doc.addedAt,
    quotedMinutes: doc.quotedMinutes,
    estimateMinutes: open ? (estimates.minutes.get(doc._id) ?? doc.quotedMinutes) : 0,
    position: estimates.positions.get(doc._id) ?? null,
    readyUntil: doc.readyUntil,
    tables: doc.tables,
    bookingId: doc.bookingId,
    ...(open && estimates.noTableTonight.has(doc._id) ? { noTableTonight: true } : {}),
  };
}

/** A date's queue with each party's estimate as of now. */
async function queueOf(runtime: Runtime, date: string) {
  const parties = await docs(runtime).find({ date });
  const estimates = await queueEstimates(runtime.documents, runtime.config.zone, runtime.clock.now(), date, parties);
  return { parties: inOrder(parties), estimates };
}

async function onePartyOut(runtime: Runtime, id: string): Promise<DoorQueuePartyOut> {
  const party = await partyOf(runtime, id);
  const { parties, estimates } = await queueOf(runtime, party.date);
  return partyOut(parties.find((p) => p._id === id) ?? party, estimates);
}

/**
 * Staff's door queue (Today, "Waitlist"): today's parties with their quotes and estimates, add one, tell
 * them their table is ready, seat them at a table (a walk-in booking), or mark them gone.
 */
export const doorQueueRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const links = queueLinks(runtime.config);

  app.get(
    '/admin/door-queue',
    { preHandler: requireAdmin, schema: { ...accepts({ querystring: dateQuery }), response: { 200: doorQueueOutSchema } } },
    async (req) => {
      const date = req.query.date ?? todayIn(runtime.config.zone, runtime.clock.now());
      const { parties, estimates } = await queueOf(runtime, date);
      return { date, now: runtime.clock.now().toISOString(), parties: parties.map((p) => partyOut(p, estimates)) };
    },
  );

  app.post(
    '/admin/door-queue',
    { preHandler: requireAdmin, schema: { ...accepts({ body: doorQueueAddSchema }), response: { 201: doorQueueAddedSchema } } },
    async (req, reply) => {
      const { date, partyId } = await addParty(runtime, req.body, req.commandContext());
      const party = await onePartyOut(runtime, partyId);
      // A phone given and no SMS set up: staff are told the messages go by e-mail.
      const byMail = !!req.body.phone && !runtime.config.sms && !!req.body.email;
      return reply.status(201).send({
        ...party,
        token: links.sign(date, partyId),
        link: links.url(date, partyId),
        ...(byMail ? { notice: SMS_NOT_CONFIGURED } : {}),
      });
    },
  );

  app.post(
    '/admin/door-queue/:id/ready',
    {
      preHandler: requireAdmin,
      schema: { ...accepts({ body: doorQueueReadySchema }), params: idParams, response: { 200: doorQueuePartyOutSchema } },
    },
    async (req) => {
      await tableReady(runtime, req.params.id, req.body, req.commandContext());
      return onePartyOut(runtime, req.params.id);
    },
  );

  app.post(
    '/admin/door-queue/:id/seat',
    {
      preHandler: requireAdmin,
      schema: { ...accepts({ body: doorQueueSeatSchema }), params: idParams, response: { 200: doorQueuePartyOutSchema } },
    },
    async (req) => {
      await seatParty(runtime, req.params.id, req.body, req.commandContext());
      return onePartyOut(runtime, req.params.id);
    },
  );

  app.post(
    '/admin/door-queue/:id/gone',
    // No body to send: documented as an empty object (anything sent is ignored).
    {
      preHandler: requireAdmin,
      schema: { ...documented({ body: z.object({}) }), params: idParams, response: { 200: doorQueuePartyOutSchema } },
    },
    async (req) => {
      await markGone(runtime, req.params.id, req.commandContext());
      return onePartyOut(runtime, req.params.id);
    },
  );
};

/** The guest's live page (their signed link): their place and estimate, never their contact. */
export const doorQueuePublicRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const links = queueLinks(runtime.config);

  app.get('/door-queue/:token', { schema: { params: tokenParams, response: { 200: doorQueueGuestOutSchema } } }, async (req, reply) => {
    const claims = links.verify(req.params.token);
    if (!claims || claims.expires * 1000 <= runtime.clock.now().getTime()) throw new NotFound(QUEUE_PARTY_NOT_FOUND);
    const party = await docs(runtime).get(claims.id);
    if (!party) throw new NotFound(QUEUE_PARTY_NOT_FOUND);
    // It names the guest: never cached, never indexed.
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    const { note: _note, ...out } = await onePartyOut(runtime, claims.id);
    return out;
  });
};
