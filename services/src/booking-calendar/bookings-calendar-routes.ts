import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BOOKING_VIEWS,
  bookingsQuerySchema,
  bookingsViewSchema,
  isPaged,
  PAGED_VIEWS_MESSAGE,
  pageQuerySchema,
  todayIn,
} from '@cafe/contracts';
import { ValidationError } from '../platform/errors.js';
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
    const { cursor, limit, ...rest } = (query ?? {}) as Record<string, unknown>;
    const input = parseWith(bookingsQuerySchema, forcedView ? { ...rest, view: forcedView } : rest);
    const page = parseWith(pageQuerySchema, { cursor, limit });
    const { view, date, ...filters } = input;
    // Only the open-ended list grows with the bookings; a day, week or month is answered whole.
    if (isPaged(page) && view !== 'list')
      throw new ValidationError(PAGED_VIEWS_MESSAGE, [{ path: ['limit'], message: PAGED_VIEWS_MESSAGE }]);
    const zone = runtime.config.zone;
    const today = todayIn(zone, runtime.clock.now());
    return queryBookings(collection(), { view, date, filters, today, zone, ...(isPaged(page) ? { page } : {}) });
  };

  const querystring = bookingsQuerySchema.and(pageQuerySchema);
  const schema = { ...documented({ querystring }), response: { 200: bookingsViewSchema } };

  app.get('/admin/bookings', { preHandler: requireAdmin, schema }, async (req) => answer(req.query));

  app.get(
    '/admin/bookings/:view',
    { preHandler: requireAdmin, schema: { ...schema, params: z.object({ view: z.enum(BOOKING_VIEWS) }) } },
    async (req) => answer(req.query, req.params.view),
  );
};
