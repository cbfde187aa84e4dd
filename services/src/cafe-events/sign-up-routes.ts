import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAFE_EVENT_NOT_FOUND,
  SIGN_UP_LINK_EXPIRED,
  SIGN_UP_LINK_INVALID,
  SIGN_UP_ALREADY_CANCELLED,
  SIGN_UP_NOT_FOUND,
  eventOccurrenceSchema,
  eventSignUpResultSchema,
  eventSignUpSchema,
  guestSignUpSchema,
  todayIn,
  type GuestSignUp,
} from '@cafe/contracts';
import { NotFound } from '../platform/commands/domain-errors.js';
import { ForbiddenError, GoneError } from '../platform/errors.js';
import { checkId } from '../platform/http/validation.js';
import { answerCache } from '../platform/http/answer-cache.js';
import { accepts, documented, fromCache } from '../platform/http/openapi.js';
import type { CommandContext } from '../platform/commands/command-runner.js';
import { readBusinessInfoDoc, seatingProjection } from '../cafe-day/index.js';
import { cafeEventsProjection } from './cafe-events-projection.js';
import { eventsCollection, upcomingOccurrences } from './occurrence-reads.js';
import { occurrenceDocId, occurrencesProjection, signUpsProjection, type OccurrenceDoc, type SignUpDoc } from './sign-ups-projection.js';
import { cancelSignUp, signUpForEvent } from './sign-up-commands.js';
import { SignUpAlreadyCancelled } from './sign-up-decider.js';
import { signUpLinks } from '../guest-links/index.js';
import { eventsCalendar } from './event-calendar.js';

const idParams = z.object({ id: z.string() });
const tokenParams = z.object({ token: z.string().max(300) });

/**
 * Game nights, public side: the dates with their places, signing up, the guest's own sign-up through
 * the signed link of its e-mails (see it, cancel it), and the iCal feed.
 */
export const signUpPublicRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const zone = runtime.config.zone;
  const cached = answerCache();
  const today = () => todayIn(zone, runtime.clock.now());
  const versions = async (...names: string[]) => (await Promise.all(names.map((n) => runtime.readModels.versionOf(n)))).join('.');
  const visibleEvents = () => eventsCollection(runtime.documents).find({ isVisible: true }, { sort: { date: 1, time: 1, title: 1 } });

  app.get(
    '/events/occurrences',
    {
      schema: {
        ...fromCache,
        summary: 'The next dates of the events that take sign-ups, with places left',
        response: { 200: z.array(eventOccurrenceSchema) },
      },
    },
    async (request, reply) => {
      const day = today();
      const version = await versions(cafeEventsProjection.name, occurrencesProjection.name, seatingProjection.name);
      return cached(request, reply, `occurrences:${day}`, version, async () =>
        upcomingOccurrences(runtime.documents, await visibleEvents(), day),
      );
    },
  );

  const calendarDocs = documented({
    contentType: 'text/calendar',
    answers: { 200: 'The events and their dates as an iCalendar feed (RFC 5545).' },
  });
  app.get('/events.ics', { schema: { ...calendarDocs, summary: 'iCal feed of the public events' } }, async (_request, reply) => {
    const info = await readBusinessInfoDoc(runtime.documents);
    const text = (key: string, fallback: string) => (typeof info?.[key] === 'string' && info[key] ? info[key] : fallback);
    const cafe = { name: text('name', 'Meeple Haven Café'), address: text('address', '') };
    const body = eventsCalendar(await visibleEvents(), today(), zone, cafe, runtime.config.publicUrl);
    return reply.type('text/calendar; charset=utf-8').header('cache-control', 'no-cache').send(body);
  });

  app.post(
    '/events/:id/sign-ups',
    { schema: { ...accepts({ body: eventSignUpSchema }), params: idParams, response: { 201: eventSignUpResultSchema } } },
    async (request, reply) => {
      const id = checkId(request.params.id, CAFE_EVENT_NOT_FOUND);
      const result = await signUpForEvent(runtime, id, request.body, request.commandContext());
      return reply.status(201).send(result);
    },
  );

  const links = signUpLinks(runtime.config);
  const asGuest = (context: CommandContext): CommandContext => ({ ...context, actor: { kind: 'guest' } });

  /** The sign-up a guest's link names, while the link holds (403 forged, 410 expired). */
  function signUpIdOf(token: string): string {
    const claims = links.verify(token);
    if (!claims) throw new ForbiddenError(SIGN_UP_LINK_INVALID);
    if (runtime.clock.now().getTime() >= claims.expires * 1000) throw new GoneError(SIGN_UP_LINK_EXPIRED);
    return claims.id;
  }

  app.get('/event-sign-ups/:token', { schema: { params: tokenParams, response: { 200: guestSignUpSchema } } }, async (request, reply) => {
    const id = signUpIdOf(request.params.token);
    // The read model: every write that touches a sign-up waits for it before answering.
    const signUp = await runtime.documents.collection<SignUpDoc>(signUpsProjection.name).get(id);
    if (!signUp) throw new NotFound(SIGN_UP_NOT_FOUND);
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
    const event = await eventsCollection(runtime.documents).get(signUp.eventId);
    const occurrence = await runtime.documents
      .collection<OccurrenceDoc>(occurrencesProjection.name)
      .get(occurrenceDocId(signUp.eventId, signUp.date));
    const position = occurrence?.waitlist.indexOf(id) ?? -1;
    const view: GuestSignUp = {
      id,
      eventTitle: event?.title ?? 'Event',
      date: signUp.date,
      time: event?.time ?? null,
      location: event?.location ?? null,
      name: signUp.name,
      places: signUp.places,
      status: signUp.status,
      waitlistPosition: signUp.status === 'waitlisted' && position >= 0 ? position + 1 : null,
    };
    return view;
  });

  app.delete(
    '/event-sign-ups/:token',
    { schema: { params: tokenParams, response: { 200: z.object({ id: z.string(), promoted: z.array(z.string()) }) } } },
    async (request) => {
      const id = signUpIdOf(request.params.token);
      try {
        return await cancelSignUp(runtime, id, 'guest', asGuest(request.commandContext()));
      } catch (error) {
        // The guest's link to a sign-up already cancelled is spent.
        if (error instanceof SignUpAlreadyCancelled) throw new GoneError(SIGN_UP_ALREADY_CANCELLED);
        throw error;
      }
    },
  );
};
