// Seats left per slot of a date: the public booking forms and the guest's own page (moving to another day).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SEAT_CAPACITY_MAX, type Availability } from '@cafe/contracts';
import { getJson } from './api-client';
import { bookingKeys } from './booking-query-keys';

/**
 * The party size to ask the availability for: a whole number the route takes (1–SEAT_CAPACITY_MAX), else
 * none (a field still empty or mid-typing). With a floor the answer depends on it: a table for four that a
 * couple may not take online leaves 7:00 PM full for two although a party of four still fits.
 */
export const availabilityPartySize = (partySize: unknown): number | undefined =>
  typeof partySize === 'number' && Number.isInteger(partySize) && partySize >= 1 && partySize <= SEAT_CAPACITY_MAX ? partySize : undefined;

/** The route's URL: GET /api/availability?date=…[&partySize=…]. */
export const availabilityUrl = (date: string, partySize?: number) =>
  `/api/availability?date=${encodeURIComponent(date)}${partySize === undefined ? '' : `&partySize=${partySize}`}`;

/** Each slot of the date with the seats (with a floor: the party) a new booking could still take. */
export const getAvailability = (date: string, partySize?: number) => getJson<Availability>(availabilityUrl(date, partySize));

/** Every date's answer shares the prefix, so a booking (or a "fully booked" refusal) refetches them all. */
export const AVAILABILITY_KEY = bookingKeys.availability[0];

/**
 * A date's availability for the form's party size (in the key: each size its own answer). While another
 * size's answer loads, the last one stays (the time list does not empty on each keystroke); callers check
 * its date.
 */
export const availabilityQueryOptions = (date: string, partySize?: unknown) => {
  const size = availabilityPartySize(partySize);
  return queryOptions({
    queryKey: [AVAILABILITY_KEY, date, size ?? null],
    queryFn: () => getAvailability(date, size),
    enabled: date !== '',
    placeholderData: keepPreviousData,
  });
};

/** Seats left per slot time for the date and party size (empty until a date is chosen or while loading). */
export function useSeatsLeft(date: string, partySize?: unknown): ReadonlyMap<string, number> {
  const { data } = useQuery(availabilityQueryOptions(date, partySize));
  return new Map(data && data.date === date ? data.slots.map((s) => [s.time, s.remaining]) : []);
}
