import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { daySheetQuerySchema, daySheetSchema, type DaySheet } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { documented } from '../platform/http/openapi.js';
import { parseWith } from '../platform/http/validation.js';
import { bookingsCalendarProjection, type CalendarDoc } from '../booking-calendar/index.js';
import { visitsProjection, type VisitDoc } from '../arrivals/index.js';
import { bookingSearchProjection, type BookingSearchDoc } from '../staff-search/index.js';
import { cafeEventsProjection, signUpsProjection, type CafeEventDoc, type SignUpDoc } from '../cafe-events/index.js';
import { gameSummariesByIds } from '../game-library/index.js';
import { composeDaySheet, type SheetCancelled } from './day-sheet.js';

/**
 * Staff only (additive): GET /api/admin/day-sheet?date=, the printed day sheet. Each read is the day's
 * documents by a date index (the calendar, the arrivals, the sign-ups), a cancelled booking's name by
 * its id, and the events, which are few: never every booking.
 */
export const daySheetRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { documents } = app.runtime;

  app.get(
    '/admin/day-sheet',
    { preHandler: requireAdmin, schema: { ...documented({ querystring: daySheetQuerySchema }), response: { 200: daySheetSchema } } },
    async (req): Promise<DaySheet> => {
      const { date } = parseWith(daySheetQuerySchema, req.query);
      const [bookings, visits, signUps, events] = await Promise.all([
        // In the calendar's own order within the day, so its date index serves the read.
        documents.collection<CalendarDoc>(bookingsCalendarProjection.name).find({ date }, { sort: { time: 1, createdAt: 1 } }),
        documents.collection<VisitDoc>(visitsProjection.name).find({ date }),
        documents.collection<SignUpDoc>(signUpsProjection.name).find({ date }),
        documents.collection<CafeEventDoc>(cafeEventsProjection.name).find({}),
      ]);
      // The calendar forgets a cancelled booking; the search keeps its guest's name (until the guest is forgotten).
      const search = documents.collection<BookingSearchDoc>(bookingSearchProjection.name);
      const cancelled = (
        await Promise.all(visits.filter((v) => v.state === 'cancelled').map((v) => search.get(`${v.kind}:${v.id}`)))
      ).flatMap((d): SheetCancelled[] =>
        d && d.date === date
          ? [{ kind: d.kind as SheetCancelled['kind'], id: d.id, time: d.time, partySize: d.partySize, name: d.name, phone: d.phone }]
          : [],
      );
      const games = await gameSummariesByIds(
        documents,
        bookings.flatMap((b) => b.games ?? []),
      );
      return composeDaySheet({ date, bookings, visits, cancelled, games, events, signUps });
    },
  );
};
