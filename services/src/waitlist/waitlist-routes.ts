import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OFFER_EXPIRED_MESSAGE,
  OFFER_NOT_FOUND,
  OFFER_PASSED_MESSAGE,
  OFFER_TAKEN_MESSAGE,
  WAITLIST_ALREADY_ON,
  WAITLIST_ENTRY_NOT_FOUND,
  adminWaitlistOutSchema,
  normaliseEmail,
  offerClaimedSchema,
  todayIn,
  waitlistEntryOutSchema,
  waitlistJoinSchema,
  waitlistOfferOutSchema,
  waitlistQuerySchema,
  waitlistSettingsSchema,
  type WaitlistEntryOut,
  type WaitlistOfferOut,
} from '@cafe/contracts';
import type { CommandContext } from '../platform/commands/command-types.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { GoneError } from '../platform/errors.js';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts, builtPerRequest, documented } from '../platform/http/openapi.js';
import { waitlistLinks, type WaitlistLinkKind } from '../guest-links/index.js';
import { requestReservation } from '../reservations/index.js';
import { joinWaitlist, leaveWaitlist, passOffer, recordOfferTaken, setOfferHold } from './waitlist-commands.js';
import { offerKeyOf } from './offer-making.js';
import { wakeWaitlist } from './waitlist-process.js';
import {
  SETTINGS_DOC_ID,
  holdSettingOf,
  positionOf,
  waitlistProjection,
  type WaitlistDayDoc,
  type WaitlistEntryDoc,
} from './waitlist-projection.js';

const tokenParams = z.object({ token: z.string().max(300) });

/**
 * The evening waitlist: a guest joins (POST /api/waitlist), sees or leaves their place through their link,
 * takes or passes an offer through its link (the claim books a reservation through the reservation path,
 * its id the offer's); staff see a date's list, live, and set how long offers are held.
 */
export const waitlistRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const links = waitlistLinks(runtime.config);
  const days = () => runtime.documents.collection<WaitlistDayDoc>(waitlistProjection.name);
  const today = () => todayIn(runtime.config.zone, runtime.clock.now());
  const asGuest = (req: FastifyRequest): CommandContext => ({ ...req.commandContext(), actor: { kind: 'guest' } });

  /** The date's document and the link's id: an invalid link is not found, one past its date gone. */
  async function byLink(kind: WaitlistLinkKind, token: string) {
    const missing = kind === 'entry' ? WAITLIST_ENTRY_NOT_FOUND : OFFER_NOT_FOUND;
    const claims = links.verify(kind, token);
    if (!claims) throw new NotFound(missing);
    if (runtime.clock.now().getTime() >= claims.expires * 1000)
      throw new GoneError(kind === 'entry' ? WAITLIST_ENTRY_NOT_FOUND : OFFER_EXPIRED_MESSAGE);
    const doc = await days().get(claims.date);
    const entry = doc?.entries.find((e) => (kind === 'entry' ? e.entryId === claims.id : e.offer?.offerId === claims.id));
    if (!doc || !entry) throw new NotFound(missing);
    return { doc, entry, date: claims.date };
  }

  const entryOut = (doc: WaitlistDayDoc, entry: WaitlistEntryDoc, token?: string): WaitlistEntryOut => ({
    id: entry.entryId,
    ...(token ? { token } : {}),
    name: entry.name,
    partySize: entry.partySize,
    date: doc.date,
    from: entry.from,
    to: entry.to,
    status: entry.status,
    position: positionOf(doc, entry.entryId),
    offer: entry.offer && {
      ...(entry.offer.status === 'offered' ? { token: links.sign('offer', doc.date, entry.offer.offerId) } : {}),
      time: entry.offer.time,
      holdUntil: entry.offer.holdUntil,
      status: entry.offer.status,
    },
    bookingId: entry.bookingId,
  });

  const offerOut = (doc: WaitlistDayDoc, entry: WaitlistEntryDoc): WaitlistOfferOut => {
    const offer = entry.offer!;
    // Past its hold and not swept yet: the guest is told it expired all the same.
    const lapsed = offer.status === 'offered' && Date.parse(offer.holdUntil) <= runtime.clock.now().getTime();
    return {
      id: offer.offerId,
      date: doc.date,
      time: offer.time,
      partySize: entry.partySize,
      holdUntil: offer.holdUntil,
      status: lapsed ? 'expired' : offer.status,
      ...(offer.tables ? { tables: offer.tables } : {}),
      bookingId: entry.bookingId,
    };
  };

  const joinBody = builtPerRequest(() => waitlistJoinSchema(today(), runtime.config.bookingHorizonDays));
  app.post('/waitlist', { schema: { ...accepts({ body: joinBody }), response: { 201: waitlistEntryOutSchema } } }, async (req, reply) => {
    const join = req.body;
    // One place per guest and date (best effort, from the read model: a second request at the same moment is a second place).
    const known = await days().get(join.date);
    const email = normaliseEmail(join.email);
    if (known?.entries.some((e) => e.email === email && (e.status === 'waiting' || e.status === 'offered')))
      throw new Conflict(WAITLIST_ALREADY_ON);
    const { entryId } = await joinWaitlist(runtime, join, req.commandContext());
    wakeWaitlist(runtime);
    const doc = (await days().get(join.date))!;
    const entry = doc.entries.find((e) => e.entryId === entryId)!;
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(entryOut(doc, entry, links.sign('entry', join.date, entryId)));
  });

  app.get('/waitlist/:token', { schema: { params: tokenParams, response: { 200: waitlistEntryOutSchema } } }, async (req, reply) => {
    const { doc, entry } = await byLink('entry', req.params.token);
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    return entryOut(doc, entry);
  });

  app.delete('/waitlist/:token', { schema: { params: tokenParams, response: { 200: waitlistEntryOutSchema } } }, async (req) => {
    const { date, entry } = await byLink('entry', req.params.token);
    await leaveWaitlist(runtime, date, entry.entryId, asGuest(req));
    wakeWaitlist(runtime);
    const doc = (await days().get(date))!;
    return entryOut(
      doc,
      doc.entries.find((e) => e.entryId === entry.entryId)!,
    );
  });

  app.get('/waitlist-offers/:token', { schema: { params: tokenParams, response: { 200: waitlistOfferOutSchema } } }, async (req, reply) => {
    const { doc, entry } = await byLink('offer', req.params.token);
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    return offerOut(doc, entry);
  });

  app.post(
    '/waitlist-offers/:token/claim',
    // No body: the link says which offer (documented as an empty object, not validated).
    { schema: { ...documented({ body: z.object({}) }), params: tokenParams, response: { 201: offerClaimedSchema } } },
    async (req, reply) => {
      const { doc, entry, date } = await byLink('offer', req.params.token);
      const offer = offerOut(doc, entry);
      if (offer.status === 'taken') throw new Conflict(OFFER_TAKEN_MESSAGE);
      if (offer.status === 'passed') throw new Conflict(OFFER_PASSED_MESSAGE);
      if (offer.status === 'expired') throw new Conflict(OFFER_EXPIRED_MESSAGE);
      if (!entry.email) throw new NotFound(WAITLIST_ENTRY_NOT_FOUND);
      // The normal reservation path, under the offer's key: its id is the offer's, so it takes the offer's own hold.
      const { name, email, phone, partySize } = entry;
      const context = { ...asGuest(req), idempotencyKey: offerKeyOf(entry.entryId) };
      const booked = await requestReservation(runtime, 'public', { name, email, phone, partySize, date, time: offer.time }, context);
      // Twenty claims at once book once (one id, one key); the first to record the offer taken is answered 201.
      await recordOfferTaken(runtime, date, offer.id, asGuest(req));
      const { id, version, tables, stayUntil } = booked;
      return reply.status(201).send({ id, version, ...(tables ? { tables } : {}), ...(stayUntil ? { stayUntil } : {}) });
    },
  );

  app.post(
    '/waitlist-offers/:token/pass',
    { schema: { ...documented({ body: z.object({}) }), params: tokenParams, response: { 200: waitlistOfferOutSchema } } },
    async (req) => {
      const { date, entry } = await byLink('offer', req.params.token);
      await passOffer(runtime, date, entry.offer!.offerId, asGuest(req));
      wakeWaitlist(runtime);
      const doc = (await days().get(date))!;
      return offerOut(
        doc,
        doc.entries.find((e) => e.entryId === entry.entryId)!,
      );
    },
  );

  app.get(
    '/admin/waitlist',
    { preHandler: requireAdmin, schema: { ...accepts({ querystring: waitlistQuerySchema }), response: { 200: adminWaitlistOutSchema } } },
    async (req, reply) => {
      const { date } = req.query;
      // Names, e-mails and phones: never kept by a cache.
      reply.header('cache-control', 'no-store');
      const [doc, settings] = await Promise.all([days().get(date), days().get(SETTINGS_DOC_ID)]);
      return {
        date,
        offerHoldMinutes: holdSettingOf(settings),
        entries: (doc?.entries ?? []).map((entry) => {
          const { token: _token, ...out } = entryOut(doc!, entry);
          const offer = entry.offer && offerOut(doc!, entry);
          return {
            ...out,
            email: entry.email,
            phone: entry.phone,
            joinedAt: entry.joinedAt,
            offer: offer && {
              id: offer.id,
              time: offer.time,
              holdUntil: offer.holdUntil,
              status: offer.status,
              ...(offer.tables ? { tables: offer.tables } : {}),
            },
          };
        }),
      };
    },
  );

  app.get('/admin/waitlist/settings', { preHandler: requireAdmin, schema: { response: { 200: waitlistSettingsSchema } } }, async () => ({
    offerHoldMinutes: holdSettingOf(await days().get(SETTINGS_DOC_ID)),
  }));

  app.put(
    '/admin/waitlist/settings',
    { preHandler: requireAdmin, schema: { ...accepts({ body: waitlistSettingsSchema }), response: { 200: waitlistSettingsSchema } } },
    async (req) => {
      const { offerHoldMinutes } = await setOfferHold(runtime, req.body.offerHoldMinutes, req.commandContext());
      return { offerHoldMinutes };
    },
  );
};
