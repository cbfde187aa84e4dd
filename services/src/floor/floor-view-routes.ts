import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cafeTimeOfDay,
  floorViewOutSchema,
  floorViewQuerySchema,
  stayChangeSchema,
  tableMoveSchema,
  todayIn,
  type FloorView,
} from '@cafe/contracts';
import { holdList } from '../cafe-day/index.js';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { accepts } from '../platform/http/openapi.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { floorDaysProjection, isUnplaced, type FloorDayDoc } from './floor-days-projection.js';
import { floorGuestsProjection, type FloorGuestDoc } from './floor-guests-projection.js';
import { FLOOR_DOC_ID, floorProjection, type FloorDoc } from './floor-projection.js';
import { floorView, unplacedOf } from './floor-view.js';
import { changeStay, moveTables } from './floor-table-commands.js';

/** Each holder's name and arrival, one read by id each (the read model is on disk: a lookup by id is its cheapest read). */
async function guestsOf(documents: DocumentStore, ids: string[]): Promise<Map<string, FloorGuestDoc>> {
  const guests = documents.collection<FloorGuestDoc>(floorGuestsProjection.name);
  const docs = await Promise.all([...new Set(ids)].map((id) => guests.get(id)));
  return new Map(docs.flatMap((d) => (d ? [[d._id, d] as const] : [])));
}

/** The bookings from `from` on that have no table (only the dates marked as having one are read). */
async function unplacedFrom(documents: DocumentStore, from: string): Promise<FloorView['unplaced']> {
  const days = await documents.collection<FloorDayDoc>(floorDaysProjection.name).find({ unplaced: true, date: { $gte: from } });
  const ids = days.flatMap((d) => holdList(d.holds).flatMap((hold) => (isUnplaced(hold) ? [hold.bookingId] : [])));
  return unplacedOf(days, await guestsOf(documents, ids));
}

const unplacedOut = z.object({ unplaced: floorViewOutSchema.shape.unplaced });

/** The host's view of a day (tables, stays, who is where until when), and staff moving tables and changing stays. */
export const floorViewRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const { documents } = runtime;
  const today = () => todayIn(runtime.config.zone, runtime.clock.now());

  app.get(
    '/admin/floor/view',
    { preHandler: requireAdmin, schema: { ...accepts({ querystring: floorViewQuerySchema }), response: { 200: floorViewOutSchema } } },
    async (req) => {
      const { date } = req.query;
      const time = req.query.time ?? cafeTimeOfDay(runtime.config.zone, runtime.clock.now());
      const [floorDoc, day, unplaced] = await Promise.all([
        documents.collection<FloorDoc>(floorProjection.name).get(FLOOR_DOC_ID),
        documents.collection<FloorDayDoc>(floorDaysProjection.name).get(date),
        unplacedFrom(documents, today()),
      ]);
      const guests = await guestsOf(
        documents,
        holdList(day?.holds).map((hold) => hold.bookingId),
      );
      return floorView({ floor: floorDoc?.floor ?? null, date, time, day, guests, unplaced });
    },
  );

  app.get('/admin/floor/unplaced', { preHandler: requireAdmin, schema: { response: { 200: unplacedOut } } }, async () => ({
    unplaced: await unplacedFrom(documents, today()),
  }));

  app.post(
    '/admin/floor/moves',
    {
      preHandler: requireAdmin,
      schema: { ...accepts({ body: tableMoveSchema }), response: { 200: z.object({ tables: z.array(z.string()) }) } },
    },
    async (req) => moveTables(runtime, req.body, req.commandContext()),
  );

  app.post(
    '/admin/floor/stays',
    {
      preHandler: requireAdmin,
      schema: { ...accepts({ body: stayChangeSchema }), response: { 200: z.object({ minutes: z.number().int() }) } },
    },
    async (req) => changeStay(runtime, req.body, req.commandContext()),
  );
};
