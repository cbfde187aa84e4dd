import { eventTypeLabel, type RangeBooking } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { BOOKING_ORDER } from '../bookings/index.js';
import { bookingsCalendarProjection, type CalendarDoc } from '../bookings-calendar/index.js';

/**
 * The live bookings dated from `from` to `to` (inclusive): reservations, and party bookings still
 * pending or approved (a rejected one has no guest to turn away). Read from the calendar read model,
 * which holds both kinds with their stream revision, on its date index.
 */
export async function bookingsInRange(documents: DocumentStore, from: string, to: string): Promise<RangeBooking[]> {
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
): RangeBooking {
  const { name, email, phone, partySize, date, time } = d;
  const label = kind === 'reservation' ? 'Reservation' : `${eventTypeLabel(d.eventType)} (${status ?? 'pending'})`;
  return { kind, id, version, name, email, phone, partySize, date, time, label };
}
