import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAFE_EVENT_NOT_FOUND,
  SIGN_UP_NOT_FOUND,
  eventOccurrenceSchema,
  eventSignUpOutSchema,
  isIsoDate,
  occurrenceDates,
  occurrenceSignUpsSchema,
  todayIn,
  type EventSignUpOut,
  type OccurrenceSignUps,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { documented } from '../platform/http/openapi.js';
import { checkId } from '../platform/http/validation.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { eventsCollection, occurrenceOf } from './occurrence-reads.js';
import { occurrenceDocId, occurrencesProjection, signUpsProjection, type OccurrenceDoc, type SignUpDoc } from './sign-ups-projection.js';
import { cancelSignUp, checkInSignUp } from './sign-up-commands.js';

const idParams = z.object({ id: z.string() });
const occurrenceParams = z.object({ id: z.string(), date: z.string() });

/** Staff: each date's attendees and waitlist in order, check-in, and cancelling a sign-up (which promotes). */
export const signUpAdminRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const occurrences = () => runtime.documents.collection<OccurrenceDoc>(occurrencesProjection.name);
  const signUps = () => runtime.documents.collection<SignUpDoc>(signUpsProjection.name);
  const eventDoc = async (id: string) => {
    const event = await eventsCollection(runtime.documents).get(checkId(id, CAFE_EVENT_NOT_FOUND));
    if (!event) throw new NotFound(CAFE_EVENT_NOT_FOUND);
    return event;
  };

  app.get(
    '/admin/events/:id/occurrences',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: z.array(eventOccurrenceSchema) } } },
    async (request) => {
      const event = await eventDoc(request.params.id);
      const today = todayIn(runtime.config.zone, runtime.clock.now());
      // The dates ahead, and any earlier one that still has sign-ups (staff check people in on the night).
      const held = await occurrences().find({ eventId: event.id });
      const dates = new Set([...occurrenceDates(event.date, event.repeat, today), ...held.map((d) => d.date).filter((d) => d >= today)]);
      const docs = new Map(held.map((d) => [d.date, d]));
      return [...dates].sort().map((date) => occurrenceOf(event, date, docs.get(date) ?? null));
    },
  );

  app.get(
    '/admin/events/:id/occurrences/:date',
    { preHandler: requireAdmin, schema: { params: occurrenceParams, response: { 200: occurrenceSignUpsSchema } } },
    async (request): Promise<OccurrenceSignUps> => {
      const event = await eventDoc(request.params.id);
      const { date } = request.params;
      if (!isIsoDate(date)) throw new NotFound(CAFE_EVENT_NOT_FOUND);
      const doc = await occurrences().get(occurrenceDocId(event.id, date));
      const all = await signUps().find({ eventId: event.id, date }, { sort: { eventId: 1, date: 1 } });
      const order = doc?.waitlist ?? [];
      const out = (d: SignUpDoc): EventSignUpOut => {
        const position = order.indexOf(d._id);
        return signUpOut(d, d.status === 'waitlisted' && position >= 0 ? position + 1 : null);
      };
      return {
        ...occurrenceOf(event, date, doc),
        attendees: all
          .filter((d) => d.status === 'confirmed')
          .map(out)
          .sort((a, b) => a.signedUpAt.localeCompare(b.signedUpAt)),
        waitlisted: all
          .filter((d) => d.status === 'waitlisted')
          .map(out)
          .sort((a, b) => (a.waitlistPosition ?? Infinity) - (b.waitlistPosition ?? Infinity)),
      };
    },
  );

  const signUpById = async (id: string): Promise<EventSignUpOut> => {
    const d = await signUps().get(id);
    if (!d) throw new NotFound(SIGN_UP_NOT_FOUND);
    return signUpOut(d, null);
  };

  app.post(
    '/admin/event-sign-ups/:id/check-in',
    // No body to send: documented as an empty object (anything sent is ignored).
    {
      preHandler: requireAdmin,
      schema: { ...documented({ body: z.object({}) }), params: idParams, response: { 200: eventSignUpOutSchema } },
    },
    async (request) => {
      const id = checkId(request.params.id, SIGN_UP_NOT_FOUND);
      await checkInSignUp(runtime, id, request.commandContext());
      return signUpById(id);
    },
  );

  app.delete(
    '/admin/event-sign-ups/:id',
    {
      preHandler: requireAdmin,
      schema: { params: idParams, response: { 200: z.object({ id: z.string(), promoted: z.array(z.string()) }) } },
    },
    async (request) => cancelSignUp(runtime, checkId(request.params.id, SIGN_UP_NOT_FOUND), 'staff', request.commandContext()),
  );
};

/** A sign-up as staff see it, with its place on the waitlist (1 first) where the list is known. */
function signUpOut(d: SignUpDoc, waitlistPosition: number | null): EventSignUpOut {
  return {
    id: d._id,
    eventId: d.eventId,
    date: d.date,
    name: d.name,
    email: d.email,
    phone: d.phone,
    places: d.places,
    status: d.status,
    waitlistPosition,
    checkedInAt: d.checkedInAt,
    signedUpAt: d.signedUpAt,
  };
}
