import type { RangeBooking } from '@cafe/contracts';
import type { BookingOutcome } from './closure-settle.js';
import type { Completed, DaysClosed, Started } from './closure-record.js';

export interface ClosureResult {
  id: string;
  from: string;
  to: string;
  reason: string;
  blocked: string[];
  /** The date's block id, for a single date. */
  blockedDateId: string | null;
  cancelled: RangeBooking[];
  notCancelled: (RangeBooking & { message: string })[];
  kept: RangeBooking[];
}

/** What the closure answers: what became of each booking and sign-up, by date and time (a message recorded before, when none is new). */
export function resultOf(started: Started, days: DaysClosed, outcomes: BookingOutcome[], done: Completed | null): ClosureResult {
  const order = (a: RangeBooking, b: RangeBooking) =>
    a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.id.localeCompare(b.id);
  const of = (kind: 'cancelled' | 'kept') => outcomes.flatMap((o) => (o.outcome === kind ? [o.booking] : [])).sort(order);
  const recorded = new Map(done?.notCancelled.map((n) => [n.bookingId, n.message]));
  const notCancelled = outcomes
    .flatMap((o) => (o.outcome === 'notCancelled' ? [{ ...o.booking, message: o.message || recorded.get(o.booking.id) || '' }] : []))
    .sort(order);
  const blocked = days.days.filter((d) => d.blockedDateId !== null).map((d) => d.date);
  return {
    id: started.closureId,
    from: started.from,
    to: started.to,
    reason: started.reason,
    blocked,
    blockedDateId: days.days[0]?.blockedDateId ?? null,
    cancelled: of('cancelled'),
    notCancelled,
    kept: of('kept'),
  };
}

/** What ClosureCompleted records of the result. */
export const completedOf = (closureId: string, result: ClosureResult): Completed => ({
  closureId,
  cancelled: result.cancelled.map((b) => b.id),
  notCancelled: result.notCancelled.map((b) => ({ bookingId: b.id, message: b.message })),
  kept: result.kept.map((b) => b.id),
});
