import { eventTypeLabel, type RangeBooking } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { BOOKING_ORDER } from '../booking-flow/index.js';
import { bookingsCalendarProjection, type CalendarDoc } from '../booking-calendar/index.js';
import { signUpsInRange } from './closure-sign-ups.js';

/** A reservation or party booking of a range (the preview lists sign-ups too: closure-sign-ups.ts). */
export type RangeTableBooking = RangeBooking & { kind: 'reservation' | 'party' };

/**
 * The live bookings dated from `from` to `to` (inclusive): reservations, and party bookings still
 * pending or approved (a rejected one has no guest to turn away). Read from the calendar read model,
 * which holds both kinds with their stream revision, on its date index.
 */
export async function bookingsInRange(documents: DocumentStore, from: string, to: string): Promise<RangeTableBooking[]> {
  const docs = await documents
    .collection<CalendarDoc>(bookingsCalendarProjection.name)
    .find(
      { date: { $gte: from, $lte: to }, $or: [{ kind: 'reservation' }, { kind: 'party', status: { $in: ['pending', 'approved'] } }] },
      { sort: BOOKING_ORDER },
    );
  return docs.map((d) => rangeBooking(d.kind, d.id, d.version, d, d.status));
}

/** A booking as the closure's preview and answer list it. */
export function rangeBooking(
  kind: 'reservation' | 'party',
  id: string,
  version: number,
  d: { name: string; email: string; phone: string; partySize: number; date: string; time: string; eventType?: string | null },
  status?: string | null,
): RangeTableBooking {
  const { name, email, phone, partySize, date, time } = d;
  const label = kind === 'reservation' ? 'Reservation' : `${eventTypeLabel(d.eventType)} (${status ?? 'pending'})`;
  return { kind, id, version, name, email, phone, partySize, date, time, label };
}

/** What closing the days from `from` to `to` affects, as the preview lists it: the bookings, then each time's game-night sign-ups. */
export async function closureImpactBookings(documents: DocumentStore, from: string, to: string): Promise<RangeBooking[]> {
  const [bookings, signUps] = await Promise.all([bookingsInRange(documents, from, to), signUpsInRange(documents, from, to)]);
  // Stable: each list keeps its own order within a date and time.
  return [...bookings, ...signUps].sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
}
