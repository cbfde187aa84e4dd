import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DateTime } from 'luxon';
import { CAFE_CLOCK_MAX_AGE_S, cafeClockSchema, todayIn } from '@cafe/contracts';

/**
 * Anonymous: the café's zone and today, for the booking forms and the dashboard. No read model, no
 * session: answered from the configuration and the clock, cacheable until the café's next midnight.
 */
export const cafeClockPublicRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  app.get('/cafe-clock', { schema: { response: { 200: cafeClockSchema } } }, async (_request, reply) => {
    const zone = runtime.config.zone;
    const now = runtime.clock.now();
    const local = DateTime.fromJSDate(now, { zone });
    const untilMidnight = Math.floor(local.plus({ days: 1 }).startOf('day').diff(local, 'seconds').seconds);
    reply.header('cache-control', `public, max-age=${Math.max(0, Math.min(CAFE_CLOCK_MAX_AGE_S, untilMidnight))}`);
    return { timeZone: zone, today: todayIn(zone, now) };
  });
};
