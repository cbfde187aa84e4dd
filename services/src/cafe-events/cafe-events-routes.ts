import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cafeEventOut,
  cafeEventSchema,
  cafeEventUpdateSchema,
  todayIn,
  withFormDate,
  type CafeEvent,
  CAFE_EVENT_NOT_FOUND,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { checkId, parseWith } from '../platform/http/validation.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { cafeEventsProjection, type CafeEventDoc } from './cafe-events-projection.js';
import { removeCafeEvent, scheduleCafeEvent, updateCafeEvent } from './cafe-event-commands.js';

const idParams = z.object({ id: z.string() });

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

  // Public: visible events from today on. The dashboard (a signed-in admin) gets every event.
  app.get('/events', { schema: { response: { 200: z.array(cafeEventOut) } } }, async (request) => {
    const admin = request.actor.kind === 'admin';
    const today = todayIn(zone, runtime.clock.now());
    const docs = await events().find(admin ? {} : { isVisible: true, date: { $gte: today } }, {
      sort: { date: 1, time: 1, title: 1 },
    });
    return docs.map(toCafeEvent);
  });

  app.post('/admin/events', { preHandler: requireAdmin, schema: { response: { 201: cafeEventOut } } }, async (request, reply) => {
    const fields = parseWith(cafeEventSchema, withFormDate(request.body, zone));
    const { id } = await scheduleCafeEvent(runtime, fields, request.commandContext());
    return reply.status(201).send(await eventOut(id));
  });

  app.put(
    '/admin/events/:id',
    { preHandler: requireAdmin, schema: { params: idParams, response: { 200: cafeEventOut } } },
    async (request) => {
      const id = checkId(request.params.id, CAFE_EVENT_NOT_FOUND);
      const changes = parseWith(cafeEventUpdateSchema, withFormDate(request.body, zone));
      await updateCafeEvent(runtime, id, changes, request.commandContext());
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
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}
