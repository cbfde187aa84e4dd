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
import type { Filter } from '../platform/document-store/document-store.js';
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
    return (ra === 0 ? when : -when) || a._id.localeCompare(b._id);
  });
}

function hit(doc: BookingSearchDoc, query: string): BookingSearchHit {
  const text = searchText(query);
  const matched = doc.nameKey.includes(text) ? 'name' : doc.emailKey.includes(text) ? 'email' : 'phone';
  const { kind, id, name, email, phone, partySize, date, time, status } = doc;
  return { kind, id, name, email, phone, partySize, date, time, status, matched };
}

/** GET /api/admin/booking-search?q=&limit=: staff find bookings and guests by part of a name, e-mail or phone. */
export const bookingSearchRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const collection = () => runtime.documents.collection<BookingSearchDoc>(bookingSearchProjection.name);

  app.get(
    '/admin/booking-search',
    { preHandler: requireAdmin, schema: { querystring: bookingSearchQuerySchema, response: { 200: bookingSearchAnswerSchema } } },
    async (req): Promise<BookingSearchAnswer> => {
      const { q, limit } = req.query;
      const matches = await collection().find(searchFilter(q));
      const ordered = orderHits(matches, todayIn(runtime.config.zone, runtime.clock.now()));
      const results = ordered.slice(0, limit).map((doc) => hit(doc, q));
      const guests = new Map<string, BookingSearchAnswer['guests'][number]>();
      for (const r of ordered) {
        const key = searchText(r.email);
        if (!guests.has(key) && guests.size >= limit) continue;
        const known = guests.get(key);
        if (known) known.bookings += 1;
        else guests.set(key, { email: r.email, name: r.name, phone: r.phone, bookings: 1 });
      }
      return { query: q, results, guests: [...guests.values()], more: ordered.length > limit };
    },
  );
};
