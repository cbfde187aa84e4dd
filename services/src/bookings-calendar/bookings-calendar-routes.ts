import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOKING_VIEWS, bookingsQuerySchema, bookingsViewSchema, todayIn } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { parseWith } from '../platform/http/validation.js';
import { documented } from '../platform/http/openapi.js';
import { bookingsCalendarProjection, type CalendarDoc } from './bookings-calendar-projection.js';
import { queryBookings } from './bookings-queries.js';

/** The dashboard's Reservations views as read-model queries; documented in README.md beside this file. */
export const bookingsCalendarRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const collection = () => runtime.documents.collection<CalendarDoc>(bookingsCalendarProjection.name);

  const answer = async (query: unknown, forcedView?: string) => {
    const input = parseWith(bookingsQuerySchema, forcedView ? { ...(query as object), view: forcedView } : query);
    const { view, date, ...filters } = input;
    const zone = runtime.config.zone;
    return queryBookings(collection(), { view, date, filters, today: todayIn(zone, runtime.clock.now()), zone });
  };

  const schema = { ...documented({ querystring: bookingsQuerySchema }), response: { 200: bookingsViewSchema } };

  app.get('/admin/bookings', { preHandler: requireAdmin, schema }, async (req) => answer(req.query));

  app.get(
    '/admin/bookings/:view',
    { preHandler: requireAdmin, schema: { ...schema, params: z.object({ view: z.enum(BOOKING_VIEWS) }) } },
    async (req) => answer(req.query, req.params.view),
  );
};
