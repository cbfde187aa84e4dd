import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_HOLDING_MINUTES, reservationGamesOutSchema, reservationGamesQuerySchema } from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts } from '../platform/http/openapi.js';
import { readBusinessInfoDoc } from '../cafe-day/index.js';
import { gameSummariesByIds } from '../game-library/index.js';
import { gamesOfDay } from './reservation-games.js';
import { reservationGamesProjection, type ReservationGamesDoc } from './reservation-games-projection.js';

/** Staff only (additive): the games a day's reservations asked for, with the copies warning (Today, the booking's dialog). */
export const reservationGamesRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;

  app.get(
    '/admin/reservation-games',
    {
      preHandler: requireAdmin,
      schema: { ...accepts({ querystring: reservationGamesQuerySchema }), response: { 200: reservationGamesOutSchema } },
    },
    async (req) => {
      const { date } = req.query;
      const docs = await runtime.documents.collection<ReservationGamesDoc>(reservationGamesProjection.name).find({ date });
      const library = await gameSummariesByIds(
        runtime.documents,
        docs.flatMap((d) => d.games),
      );
      const info = await readBusinessInfoDoc(runtime.documents);
      const holding = typeof info?.holdingMinutes === 'number' ? info.holdingMinutes : DEFAULT_HOLDING_MINUTES;
      return gamesOfDay(date, docs, library, holding);
    },
  );
};
