import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { daySheetQuerySchema, daySheetSchema, type DaySheet } from '@cafe/contracts';
import { holdList, seatingProjection, type SeatingDayDoc, type SeatingDoc } from '../cafe-day/index.js';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts } from '../platform/http/openapi.js';
import type { DaySheetPart } from '../platform/runtime/day-sheet-part.js';
import type { Feature } from '../platform/runtime/runtime.js';
import { composeDaySheet } from './day-sheet.js';

type Sections = Required<DaySheetPart>;

/** Each section from the feature that registered it (features.ts); one nobody answers reads as empty. */
export function daySheetSections(features: readonly Pick<Feature, 'daySheet'>[]): Sections {
  const answering = <K extends keyof Sections>(section: K): DaySheetPart | undefined =>
    features.find((f) => f.daySheet?.[section])?.daySheet;
  const bookings = answering('bookings');
  const visits = answering('visits');
  const cancelled = answering('cancelled');
  const games = answering('games');
  const events = answering('events');
  return {
    bookings: async (documents, date) => (await bookings?.bookings?.(documents, date)) ?? [],
    visits: async (documents, date) => (await visits?.visits?.(documents, date)) ?? [],
    cancelled: async (documents, date, of) => (await cancelled?.cancelled?.(documents, date, of)) ?? [],
    games: async (documents, ids) => (await games?.games?.(documents, ids)) ?? [],
    events: async (documents, date) => (await events?.events?.(documents, date)) ?? [],
  };
}

/**
 * Staff only (additive): GET /api/admin/day-sheet?date=, the printed day sheet. Each section is read by
 * the slice whose read model holds it: the day's documents by a date index (the calendar, the arrivals,
 * the sign-ups), a cancelled booking's name by its id, and the events, which are few: never every booking.
 */
export const daySheetRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { documents, features } = app.runtime;
  const sections = daySheetSections(features);

  app.get(
    '/admin/day-sheet',
    { preHandler: requireAdmin, schema: { ...accepts({ querystring: daySheetQuerySchema }), response: { 200: daySheetSchema } } },
    async (req): Promise<DaySheet> => {
      const { date } = req.query;
      const [bookings, visits, events, seats] = await Promise.all([
        sections.bookings(documents, date),
        sections.visits(documents, date),
        sections.events(documents, date),
        // The day's one seating document: with a floor, each booking's tables and stay.
        documents.collection<SeatingDoc>(seatingProjection.name).get(date),
      ]);
      const holds = holdList((seats as SeatingDayDoc | null)?.holds);
      const [cancelled, games] = await Promise.all([
        sections.cancelled(
          documents,
          date,
          visits.filter((v) => v.state === 'cancelled'),
        ),
        sections.games(
          documents,
          bookings.flatMap((b) => b.games ?? []),
        ),
      ]);
      return composeDaySheet({ date, bookings, visits, cancelled, games, events, holds });
    },
  );
};
