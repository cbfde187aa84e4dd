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

/** An edit applied: given fields replace, `null` removes. */
export function applyChanges<D extends object>(current: D, changes: DetailsChange<D>): D {
  const next = { ...current } as Record<string, unknown>;
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as D;
}

/**
 * A PATCH body may clear special requests by sending '' or null: the contract schema turns both into
 * undefined (= unchanged), so the route looks at the raw body to tell "cleared" from "not sent".
 */
export function clearsSpecialRequests(body: unknown, parsed: { specialRequests?: string }): boolean {
  return typeof body === 'object' && body !== null && 'specialRequests' in body && parsed.specialRequests === undefined;
}
