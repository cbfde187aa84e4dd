import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DateTime } from 'luxon';
import { z } from 'zod';
import {
  PARTY_BOOKING_NOT_FOUND,
  RESERVATION_NOT_FOUND,
  bookingHistorySchema,
  floorHistorySchema,
  type BookingHistory,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { bookingHistoryProjection, historyDocId, type BookingHistoryDoc } from './booking-history-projection.js';
import { FLOOR_HISTORY_ID, floorHistoryProjection, type FloorHistoryDoc } from './floor-history-projection.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

/** 'Wednesday, November 18, 2026, 10:00 AM CST': the instant as the café's staff read it. */
export function cafeTime(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone: 'utc' }).setZone(zone).setLocale('en-US').toFormat('cccc, LLLL d, yyyy, h:mm a ZZZZ');
}

export function toHistory(doc: BookingHistoryDoc, zone: string): BookingHistory {
  return {
    id: doc.id,
    kind: doc.kind,
    zone,
    active: doc.active,
    events: doc.entries.map((e) => ({ ...e, when: cafeTime(e.at, zone) })),
  };
}

/** The audit trail: every event of a booking, who did it, when (café zone), what changed, the notes. */
export const bookingHistoryRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const collection = () => runtime.documents.collection<BookingHistoryDoc>(bookingHistoryProjection.name);
  const schema = { params: idParams, response: { 200: bookingHistorySchema } };

  app.get('/admin/reservations/:id/history', { preHandler: requireAdmin, schema }, async (req) => {
    const doc = await collection().get(historyDocId('reservation', req.params.id));
    if (!doc) throw new NotFound(RESERVATION_NOT_FOUND);
    return toHistory(doc, runtime.config.zone);
  });

  app.get('/admin/party-bookings/:id/history', { preHandler: requireAdmin, schema }, async (req) => {
    const doc = await collection().get(historyDocId('party', req.params.id));
    if (!doc) throw new NotFound(PARTY_BOOKING_NOT_FOUND);
    return toHistory(doc, runtime.config.zone);
  });

  // The staff's audit of the floor: every floor set, who set it, when, and what changed.
  app.get('/admin/floor/history', { preHandler: requireAdmin, schema: { response: { 200: floorHistorySchema } } }, async () => {
    const doc = await runtime.documents.collection<FloorHistoryDoc>(floorHistoryProjection.name).get(FLOOR_HISTORY_ID);
    const zone = runtime.config.zone;
    return { zone, events: (doc?.entries ?? []).map((e) => ({ ...e, when: cafeTime(e.at, zone) })) };
  });
};
