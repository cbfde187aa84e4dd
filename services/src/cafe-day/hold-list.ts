/**
 * A day document's holds, one per booking, in the order they came: an array. Every event of a day makes
 * a new document, and an array is copied whole in a tenth of a microsecond, where a record keyed by
 * booking took 40 µs on a day of 170 bookings (three read models copy the day per booking). Read by
 * booking with holdIn; changed with withHold (replaced where it was, else added last) and withoutHold.
 */
export interface ByBooking {
  bookingId: string;
}

export const holdIn = <T extends ByBooking>(holds: readonly T[] | undefined, bookingId: string): T | undefined =>
  holds?.find((h) => h.bookingId === bookingId);

export function withHold<T extends ByBooking>(holds: readonly T[] | undefined, hold: T): T[] {
  const next = holds ? holds.slice() : [];
  const at = next.findIndex((h) => h.bookingId === hold.bookingId);
  if (at < 0) next.push(hold);
  else next[at] = hold;
  return next;
}

/** The holds without the booking's; null when it holds nothing there (the document stays as it is). */
export function withoutHold<T extends ByBooking>(holds: readonly T[] | undefined, bookingId: string): T[] | null {
  const at = holds ? holds.findIndex((h) => h.bookingId === bookingId) : -1;
  if (at < 0) return null;
  const next = holds!.slice();
  next.splice(at, 1);
  return next;
}
