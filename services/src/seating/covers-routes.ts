import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_SEAT_CAPACITY, addDays, coversOutSchema, coversQuerySchema } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts } from '../platform/http/openapi.js';
import { dayCovers } from './covers.js';
import { eventGuestsOf, eventGuestsProjection, type EventGuestsDoc } from './event-guests-projection.js';
import { POLICY_ID, holdList, seatingProjection, type SeatingDayDoc, type SeatingDoc, type SeatingPolicyDoc } from '../cafe-day/index.js';

/**
 * Staff (additive): GET /api/admin/covers?from=&to=, each day's covers, event guests and per-hour seats
 * against the capacity, read from the seating and event_guests read models: one document each per day,
 * never the bookings themselves.
 */
export const coversRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const collection = () => runtime.documents.collection<SeatingDoc>(seatingProjection.name);

  app.get(
    '/admin/covers',
    { preHandler: requireAdmin, schema: { ...accepts({ querystring: coversQuerySchema }), response: { 200: coversOutSchema } } },
    async (req) => {
      const { from, to } = req.query;
      const dates: string[] = [];
      for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
      const guests = runtime.documents.collection<EventGuestsDoc>(eventGuestsProjection.name);
      const [[policy, ...days], events] = await Promise.all([
        Promise.all([POLICY_ID, ...dates].map((id) => collection().get(id))),
        Promise.all(dates.map((id) => guests.get(id))),
      ]);
      const { capacity, hours } = (policy as SeatingPolicyDoc | null) ?? { capacity: DEFAULT_SEAT_CAPACITY, hours: undefined };
      return {
        capacity,
        days: dates.map((date, i) => dayCovers(date, holdList((days[i] as SeatingDayDoc | null)?.holds), hours, eventGuestsOf(events[i]))),
      };
    },
  );
};
