import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookingSearchAnswerSchema,
  bookingSearchQuerySchema,
  phoneDigits,
  searchText,
  todayIn,
  type BookingSearchAnswer,
  type BookingSearchHit,
} from '@cafe/contracts';
import { requireAdmin } from '../platform/http/auth-guard.js';
import type { DocumentStore, Filter, FindOptions } from '../platform/document-store/document-store.js';
import { cafeEventsProjection, type CafeEventDoc } from '../cafe-events/index.js';
import { bookingSearchProjection, type BookingSearchDoc } from './booking-search-projection.js';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The read model's filter for a query: part of the name or e-mail, or (with 3 digits or more) of the phone's digits. */
export function searchFilter(query: string): Filter {
  const text = escapeRegex(searchText(query));
  const digits = phoneDigits(query);
  const or: Filter[] = [{ nameKey: { $regex: text } }, { emailKey: { $regex: text } }];
  // '555 12' is a phone fragment; 'Ada 2' is not, so the digits only count when the query is mostly digits.
  if (digits.length >= 3 && digits.length >= query.replace(/\s/g, '').length - 4) or.push({ phoneKey: { $regex: digits } });
  return { $or: or };
}

const CLOSED = new Set(['cancelled', 'rejected']);

/** Upcoming first (soonest first), then past (latest first), then cancelled and rejected (latest first). */
function rank(doc: BookingSearchDoc, today: string): number {
  if (CLOSED.has(doc.status)) return 2;
  return doc.date >= today ? 0 : 1;
}

export function orderHits(docs: BookingSearchDoc[], today: string): BookingSearchDoc[] {
  return [...docs].sort((a, b) => {
    const ra = rank(a, today);
    const rb = rank(b, today);
    if (ra !== rb) return ra - rb;
    const when = `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`);
    const order = when || a._id.localeCompare(b._id);
    return ra === 0 ? order : -order;
  });
}

const OPEN_STATUSES = { $nin: [...CLOSED] };

/**
 * The finds of a search, each limited and read in its index's order: upcoming (soonest first), past
 * (latest first), and cancelled and rejected (latest first, one per status so the status index
 * serves each). limit + 1 of each is enough to fill the answer and to know whether more matched.
 */
export function searchFinds(query: string, today: string, limit: number): { filter: Filter; options: FindOptions }[] {
  const match = searchFilter(query);
  const take = limit + 1;
  const latestFirst = { sort: { date: -1, time: -1, _id: -1 } as const, limit: take };
  return [
    { filter: { ...match, status: OPEN_STATUSES, date: { $gte: today } }, options: { sort: { date: 1, time: 1, _id: 1 }, limit: take } },
    { filter: { ...match, status: OPEN_STATUSES, date: { $lt: today } }, options: latestFirst },
    ...[...CLOSED].map((status) => ({ filter: { ...match, status }, options: latestFirst })),
  ];
}

type EventsById = ReadonlyMap<string, Pick<CafeEventDoc, 'title' | 'time'>>;

function hit(doc: BookingSearchDoc, query: string, events: EventsById): BookingSearchHit {
  const text = searchText(query);
  const matched = doc.nameKey.includes(text) ? 'name' : doc.emailKey.includes(text) ? 'email' : 'phone';
  const { kind, id, name, email, phone, partySize, date, time, status, arrival, checkedIn, eventId } = doc;
  const out: BookingSearchHit = { kind, id, name, email, phone, partySize, date, time, status, matched };
  if (arrival) out.arrival = arrival;
  if (checkedIn) out.checkedIn = true;
  if (eventId !== undefined) {
    const event = events.get(eventId);
    out.event = { id: eventId, title: event?.title ?? UNKNOWN_EVENT };
    out.time = event?.time ?? '';
  }
  return out;
}

const UNKNOWN_EVENT = 'Unknown event';

/** The events the sign-ups among the results belong to: a few, each by id from the events read model (in memory). */
async function eventsOf(documents: DocumentStore, docs: readonly BookingSearchDoc[]): Promise<EventsById> {
  const ids = [...new Set(docs.flatMap((d) => (d.eventId === undefined ? [] : [d.eventId])))];
  const events = documents.collection<CafeEventDoc>(cafeEventsProjection.name);
  const found = await Promise.all(ids.map((id) => events.get(id)));
  return new Map(found.flatMap((e) => (e ? [[e.id, e] as const] : [])));
}

/**
 * GET /api/admin/booking-search?q=&limit=: staff find bookings, event sign-ups and guests by part of a
 * name, e-mail or phone. A sign-up is found as a booking is (same read model, same finds).
 */
export const bookingSearchRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const collection = () => runtime.documents.collection<BookingSearchDoc>(bookingSearchProjection.name);

  app.get(
    '/admin/booking-search',
    { preHandler: requireAdmin, schema: { querystring: bookingSearchQuerySchema, response: { 200: bookingSearchAnswerSchema } } },
    async (req): Promise<BookingSearchAnswer> => {
      const { q, limit } = req.query;
      const today = todayIn(runtime.config.zone, runtime.clock.now());
      const found = await Promise.all(searchFinds(q, today, limit).map(({ filter, options }) => collection().find(filter, options)));
      const ordered = orderHits(found.flat(), today);
      const shown = ordered.slice(0, limit);
      const events = await eventsOf(runtime.documents, shown);
      const results = shown.map((doc) => hit(doc, q, events));
      const guests = new Map<string, BookingSearchAnswer['guests'][number]>();
      for (const r of ordered) {
        const key = searchText(r.email);
        // A booking without an e-mail (a walk-in) has no guest to group it with: it is only a result.
        if (key === '') continue;
        if (!guests.has(key) && guests.size >= limit) continue;
        const known = guests.get(key);
        if (known) known.bookings += 1;
        else guests.set(key, { email: r.email, name: r.name, phone: r.phone, bookings: 1 });
      }
      return { query: q, results, guests: [...guests.values()], more: ordered.length > limit };
    },
  );
};
