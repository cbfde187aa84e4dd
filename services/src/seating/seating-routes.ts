import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_HOLDING_MINUTES,
  DEFAULT_SEAT_CAPACITY,
  availabilityOut,
  availabilityQuerySchema,
  cafeNowIn,
  openingHoursOf,
  slotHasPassed,
  slotsFor,
  type Availability,
  type CafeNow,
} from '@cafe/contracts';
import { answerCache } from '../platform/http/answer-cache.js';
import { POLICY_ID, seatingProjection, seatsLeft, type SeatingDayDoc, type SeatingDoc, type SeatingPolicyDoc } from '../cafe-day/index.js';

/**
 * Public: GET /api/availability?date=yyyy-MM-dd, each of the date's slots (while the café is open) with
 * the seats a new booking there could take; a closed day has none, and today has none the café's clock has passed. Answered from one cached copy per date and read-model version (ETag, 304).
 */
export const seatingPublicRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const cached = answerCache();
  const collection = () => runtime.documents.collection<SeatingDoc>(seatingProjection.name);

  async function availability(date: string, now: CafeNow): Promise<Availability> {
    const [day, policy] = await Promise.all([collection().get(date), collection().get(POLICY_ID)]);
    // A closed day (a blocked date, a closed holiday) offers nothing: the booking paths refuse it.
    if ((day as SeatingDayDoc | null)?.closed) return { date, slots: [] };
    const holds = Object.values((day as SeatingDayDoc | null)?.holds ?? {});
    const { capacity, holdingMinutes, hours } = (policy as SeatingPolicyDoc | null) ?? {
      capacity: DEFAULT_SEAT_CAPACITY,
      holdingMinutes: DEFAULT_HOLDING_MINUTES,
    };
    // Only the slots the opening hours allow (the same slotsFor(date, hours) as the forms and the deciders)
    // that the café's clock has not passed (slotHasPassed, as the deciders refuse them): the forms offer these.
    return {
      date,
      slots: slotsFor(date, openingHoursOf(hours ?? {}))
        .filter((time) => !slotHasPassed(date, time, now))
        .map((time) => ({ time, remaining: seatsLeft(holds, time, holdingMinutes, capacity) })),
    };
  }

  app.get(
    '/availability',
    { schema: { querystring: availabilityQuerySchema, response: { 200: availabilityOut } } },
    async (request, reply) => {
      const { date } = request.query;
      const now = cafeNowIn(runtime.config.zone, runtime.clock.now());
      // Today's answer loses a slot as the clock passes it: its copy is kept for the minute it was made in.
      const version = await runtime.readModels.versionOf(seatingProjection.name);
      return cached(request, reply, `availability:${date}`, date === now.today ? `${version}@${now.time}` : version, () =>
        availability(date, now),
      );
    },
  );
};
