import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cafeEventOut,
  cafeEventSchema,
  cafeEventUpdateSchema,
  EVENT_REPEATS,
  eventStartsAt,
  occurrenceDates,
  todayIn,
  withFormDate,
  type CafeEvent,
  CAFE_EVENT_NOT_FOUND,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { checkId } from '../platform/http/validation.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { answerCache } from '../platform/http/answer-cache.js';
import { accepts, fromCache } from '../platform/http/openapi.js';
import { cafeEventsProjection, type CafeEventDoc } from './cafe-events-projection.js';
import { removeCafeEvent, scheduleCafeEvent, updateCafeEvent } from './cafe-event-commands.js';

const idParams = z.object({ id: z.string() });

const EVENT_ORDER = { date: 1, time: 1, title: 1 } as const;

/** Anonymous reads: visible events from today on (café zone), a serialised copy per version and day. */
export const cafeEventsPublicRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const zone = runtime.config.zone;
  const events = () => runtime.documents.collection<CafeEventDoc>(cafeEventsProjection.name);
  const cached = answerCache();
  app.get('/events', { schema: { ...fromCache, response: { 200: z.array(cafeEventOut) } } }, async (request, reply) => {
    const today = todayIn(runtime.config.zone, runtime.clock.now());
    return cached(request, reply, `events:${today}`, await runtime.readModels.versionOf(cafeEventsProjection.name), async () => {
      // A repeating event stays listed after its first date, under its next date.
      const docs = await events().find({ isVisible: true, $or: [{ date: { $gte: today } }, { repeat: { $in: EVENT_REPEATS } }] });
      return docs
        .map((doc) => atNextDate(doc, today, zone))
        .filter((doc) => doc !== null)
        .sort((a, b) => a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? '') || a.title.localeCompare(b.title))
        .map(toCafeEvent);
    });
  });
};

export const cafeEventsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const zone = runtime.config.zone;
  const events = () => runtime.documents.collection<CafeEventDoc>(cafeEventsProjection.name);
  const eventOut = async (id: string) => {
    const doc = await events().get(id);
    if (!doc) throw new NotFound(CAFE_EVENT_NOT_FOUND);
    return toCafeEvent(doc);
  };
  const docs = {
    schedule: { ...accepts({ body: cafeEventSchema }), response: { 201: cafeEventOut } },
    change: accepts({ body: cafeEventUpdateSchema }),
  };
  // A body may give the start as an instant (startsAt): read as the café's date and time before it is validated.
  const formDate = async (request: FastifyRequest) => {
    request.body = withFormDate(request.body, zone);
  };

  // Staff: every event, hidden and past ones too.
  app.get('/admin/events', { preHandler: requireAdmin, schema: { response: { 200: z.array(cafeEventOut) } } }, async () =>
    (await events().find({}, { sort: EVENT_ORDER })).map(toCafeEvent),
  );

  app.post('/admin/events', { preHandler: requireAdmin, preValidation: formDate, schema: docs.schedule }, async (request, reply) => {
    const { id } = await scheduleCafeEvent(runtime, request.body, request.commandContext());
    return reply.status(201).send(await eventOut(id));
  });

  app.put(
    '/admin/events/:id',
    { preHandler: requireAdmin, preValidation: formDate, schema: { ...docs.change, params: idParams, response: { 200: cafeEventOut } } },
    async (request) => {
      const id = checkId(request.params.id, CAFE_EVENT_NOT_FOUND);
      await updateCafeEvent(runtime, id, request.body, request.commandContext());
      return eventOut(id);
    },
  );

  app.delete(
    '/admin/events/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: z.object({ id: z.string() }) } } },
    async (request) => {
      const id = checkId(request.params.id, CAFE_EVENT_NOT_FOUND);
      await removeCafeEvent(runtime, id, request.commandContext());
      return { id };
    },
  );
};

/** A repeating event as of its next date from `today` (its start and end moved with it); null when it has none. */
function atNextDate(doc: CafeEventDoc, today: string, zone: string): CafeEventDoc | null {
  if (!doc.repeat) return doc;
  const next = occurrenceDates(doc.date, doc.repeat, today, 1)[0];
  if (!next) return null;
  if (next === doc.date) return doc;
  const startsAt = eventStartsAt(next, doc.time, zone);
  const shift = startsAt && doc.startsAt ? Date.parse(startsAt) - Date.parse(doc.startsAt) : 0;
  const endsAt = doc.endsAt && shift ? new Date(Date.parse(doc.endsAt) + shift).toISOString() : doc.endsAt;
  return { ...doc, date: next, startsAt, endsAt };
}

/** Both readings of an event: the admin form's fields and the stored form's. */
export function toCafeEvent(d: CafeEventDoc): CafeEvent {
  return {
    id: d.id,
    title: d.title,
    description: d.description ?? null,
    event_date: d.date,
    event_time: d.time ?? null,
    location: d.location ?? null,
    price: d.price ?? null,
    max_attendees: d.maxAttendees ?? null,
    image_url: d.imageUrl ?? null,
    startsAt: d.startsAt ?? null,
    endsAt: d.endsAt ?? null,
    isVisible: d.isVisible,
    isFeatured: d.isFeatured,
    repeat: d.repeat ?? null,
    uses_seats: d.usesSeats ?? null,
    length_minutes: d.lengthMinutes ?? null,
    area: d.area ?? null,
    tables: d.tables ?? null,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}
