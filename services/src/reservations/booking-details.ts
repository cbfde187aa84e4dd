import type { DetailsChange, ReservationDetails } from '@cafe/contracts';

/**
 * Shared by reservations and party bookings: an edit carries only what differs from the stored
 * details, and `specialRequests: null` removes the optional field.
 */
export function onlyChanged<D extends ReservationDetails>(current: D, changes: DetailsChange<D>): DetailsChange<D> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const before = (current as Record<string, unknown>)[key];
    if (value === null ? before === undefined || before === null : before === value) continue;
    out[key] = value;
  }
  return out as DetailsChange<D>;
}

export function applyChanges<D extends ReservationDetails>(current: D, changes: DetailsChange<D>): D {
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
  return (
    typeof body === 'object' &&
    body !== null &&
    'specialRequests' in body &&
    parsed.specialRequests === undefined
  );
}
