import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
import { accepts } from '../platform/http/openapi.js';
import { bookingsCalendarProjection, type CalendarDoc } from './bookings-calendar-projection.js';
import { queryBookings } from './bookings-queries.js';
import { tablesOfBookings } from '../cafe-day/index.js';

/** The dashboard's Reservations views as read-model queries; documented in README.md beside this file. */
export const bookingsCalendarRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const collection = () => runtime.documents.collection<CalendarDoc>(bookingsCalendarProjection.name);

  const querystring = bookingsQuerySchema.and(pageQuerySchema);
  const schema = { ...accepts({ querystring }), response: { 200: bookingsViewSchema } };

  const answer = async ({ cursor, limit, view, date, ...filters }: z.output<typeof querystring>) => {
    const page = { cursor, limit };
    // Only the open-ended list grows with the bookings; a day, week or month is answered whole.
    if (isPaged(page) && view !== 'list')
      throw new ValidationError(PAGED_VIEWS_MESSAGE, [{ path: ['limit'], message: PAGED_VIEWS_MESSAGE }]);
    const zone = runtime.config.zone;
    const today = todayIn(zone, runtime.clock.now());
    // Each entry with its tables and stay end where the café has a floor: a move on the floor view shows at once.
    const tables = (docs: readonly CalendarDoc[]) =>
      tablesOfBookings(
        runtime.documents,
        docs.map((d) => ({ _id: d.id, date: d.date })),
      );
    return queryBookings(collection(), { view, date, filters, today, zone, tables, ...(isPaged(page) ? { page } : {}) });
  };

  app.get('/admin/bookings', { preHandler: requireAdmin, schema }, async (req) => answer(req.query));

  // The path's view replaces any ?view= before the query is validated.
  const viewOfPath = async (request: FastifyRequest) => {
    request.query = { ...(request.query as object), view: (request.params as { view: string }).view };
  };
  app.get(
    '/admin/bookings/:view',
    { preHandler: requireAdmin, preValidation: viewOfPath, schema: { ...schema, params: z.object({ view: z.enum(BOOKING_VIEWS) }) } },
    async (req) => answer(req.query),
  );
};
