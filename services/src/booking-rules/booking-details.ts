import type { DetailsChange, ReservationDetails } from '@cafe/contracts';
import { onlyChanged } from '../platform/commands/only-changed.js';

/**
 * Shared by reservations and party bookings: an edit carries only what differs from the stored
 * details, and `specialRequests: null` removes the optional field (already absent = unchanged).
 */
export function changedDetails<D extends ReservationDetails>(current: D, changes: DetailsChange<D>): DetailsChange<D> {
  return onlyChanged(current, changes as Partial<D>, (before, after) =>
    after === null ? before === undefined || before === null : before === after || sameList(before, after),
  );
}

/**
 * A reservation's games and "teach us" (optional, additive): the same list, or an empty list or a false
 * for a field never set, is no change (the staff dialog sends both on every save).
 */
const sameList = (before: unknown, after: unknown) =>
  (before === undefined && (after === false || (Array.isArray(after) && after.length === 0))) ||
  (Array.isArray(before) && Array.isArray(after) && before.length === after.length && before.every((v, i) => v === after[i]));

/** A booking's own id in its events' data: never one of its details. */
const isBookingId = (field: string) => field === 'reservationId' || field === 'partyBookingId';

/**
 * An edit applied: given fields replace, `null` removes; a booking event's data may be given as it is
 * (its id is skipped). Field by field, as copyDetails: an object rest and an entries array were calls
 * into the runtime for every event of a replay.
 */
export function applyChanges<D extends object>(
  current: D,
  changes: DetailsChange<D> & { reservationId?: string; partyBookingId?: string },
): D {
  const next = { ...current } as Record<string, unknown>;
  const given = changes as Record<string, unknown>;
  for (const key in given) {
    const value = given[key];
    if (value === undefined || isBookingId(key)) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as D;
}

/**
 * A booking event's details (its data less the booking's id and `except`) added to `into`, in their
 * order: what a document copies from a request, after the fields it leads with. Field by field: a replay
 * made an object rest and a spread per event and projection, a fifth of the calendar's time.
 */
export function copyDetails(data: object, into: Record<string, unknown> = {}, except?: string): Record<string, unknown> {
  const fields = data as Record<string, unknown>;
  for (const field in fields) if (field !== except && !isBookingId(field)) into[field] = fields[field];
  return into;
}

/**
 * A PATCH body may clear special requests by sending '' or null: the contract schema turns both into
 * undefined (= unchanged), so the route looks at the raw body to tell "cleared" from "not sent".
 */
export function clearsSpecialRequests(body: unknown, parsed: { specialRequests?: string }): boolean {
  return typeof body === 'object' && body !== null && 'specialRequests' in body && parsed.specialRequests === undefined;
}
