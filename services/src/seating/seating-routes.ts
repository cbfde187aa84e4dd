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
  stayMinutesFor,
  type Availability,
  type CafeNow,
  type Floor,
} from '@cafe/contracts';
import { answerCache } from '../platform/http/answer-cache.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import {
  FLOOR_DOC_ID,
  POLICY_ID,
  holdList,
  largestPartyAt,
  occupancyOf,
  seatingProjection,
  seatsLeftAt,
  type SeatingDayDoc,
  type SeatingDoc,
  type SeatingFloorDoc,
  type SeatingPolicyDoc,
} from '../cafe-day/index.js';

/**
 * With a floor, a slot's `remaining` is the largest party an online table (or combination) seats there for
 * that party's whole stay (its size's band: no game is known yet), so the forms' partySize ≤ remaining offers
 * only times a table fits. Asked for a `partySize`, the answer is that size when it fits and else the largest
 * that does; without, the largest of all. The day's holds are indexed by table once for every slot.
 */
function remainingAtTables(floor: Floor, holds: SeatingDayDoc['holds'] | undefined, partySize: number | undefined) {
  const occupancy = occupancyOf(holdList(holds));
  const stayFor = (n: number) => stayMinutesFor(floor.stays, n);
  return (time: string) => largestPartyAt(floor, occupancy, time, stayFor, partySize === undefined ? {} : { upTo: partySize });
}

/**
 * A date's availability from the seating read model (what the route caches): each slot the hours allow and
 * the clock has not passed, with its seats left, or with a floor the largest party a table fits for its stay.
 * Exported for bench:api, which times it uncached.
 */
export async function availabilityOf(documents: DocumentStore, date: string, now: CafeNow, partySize?: number): Promise<Availability> {
  const collection = documents.collection<SeatingDoc>(seatingProjection.name);
  // Read, never changed or handed out: the stored documents themselves where the store keeps them in
  // memory, not a copy of a busy day's every hold for each answer.
  const read = async (id: string) => (collection.peek ? collection.peek(id) : collection.get(id));
  const [day, policy, floorDoc] = await Promise.all([read(date), read(POLICY_ID), read(FLOOR_DOC_ID)]);
  // A closed day (a blocked date, a closed holiday) offers nothing: the booking paths refuse it.
  if ((day as SeatingDayDoc | null)?.closed) return { date, slots: [] };
  const dayHolds = (day as SeatingDayDoc | null)?.holds;
  const { capacity, holdingMinutes, hours } = (policy as SeatingPolicyDoc | null) ?? {
    capacity: DEFAULT_SEAT_CAPACITY,
    holdingMinutes: DEFAULT_HOLDING_MINUTES,
  };
  const floor = (floorDoc as SeatingFloorDoc | null)?.floor ?? null;
  const holds = holdList(dayHolds);
  const remaining = floor ? remainingAtTables(floor, dayHolds, partySize) : seatsLeftAt(holds, holdingMinutes, capacity);
  // Only the slots the opening hours allow (the same slotsFor(date, hours) as the forms and the deciders)
  // that the café's clock has not passed (slotHasPassed, as the deciders refuse them): the forms offer these.
  return {
    date,
    slots: slotsFor(date, openingHoursOf(hours ?? {}))
      .filter((time) => !slotHasPassed(date, time, now))
      .map((time) => ({ time, remaining: remaining(time) })),
  };
}

/**
 * Public: GET /api/availability?date=yyyy-MM-dd[&partySize=n], each of the date's slots (while the café is
 * open) with what a new booking there could take: the seats left, or with a floor the largest party a table
 * fits for its stay (remainingAtTables); a closed day has none, and today has none the café's clock has passed.
 * Answered from one cached copy per date (and party size) and read-model version (ETag, 304).
 */
export const seatingPublicRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const cached = answerCache();

  app.get(
    '/availability',
    { schema: { querystring: availabilityQuerySchema, response: { 200: availabilityOut } } },
    async (request, reply) => {
      const { date, partySize } = request.query;
      const now = cafeNowIn(runtime.config.zone, runtime.clock.now());
      // Today's answer loses a slot as the clock passes it: its copy is kept for the minute it was made in.
      const version = await runtime.readModels.versionOf(seatingProjection.name);
      const key = partySize === undefined ? `availability:${date}` : `availability:${date}:${partySize}`;
      return cached(request, reply, key, date === now.today ? `${version}@${now.time}` : version, () =>
        availabilityOf(runtime.documents, date, now, partySize),
      );
    },
  );
};
