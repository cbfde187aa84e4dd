import { useQuery } from '@tanstack/react-query';
import type { Availability } from '@cafe/contracts';
import { availabilityQueryOptions } from './availability';

/**
 * The date's availability as the server answers it (its clock, not the browser's): the slots a new
 * booking may still take, none of today's the café has passed, with their seats left. Null until the
 * date's answer is in. Asked with the form's party size: with a floor, the times no table fits it read full.
 */
export function useDayAvailability(date: string, partySize?: unknown): Availability | null {
  const { data } = useQuery(availabilityQueryOptions(date, partySize));
  return data && data.date === date ? data : null;
}

/** Seats left per listed slot. */
export const seatsLeftOf = (availability: Availability | null): ReadonlyMap<string, number> =>
  new Map(availability ? availability.slots.map((s) => [s.time, s.remaining]) : []);
