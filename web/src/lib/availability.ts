// Seats left per slot of a date: the public booking forms and the guest's own page (moving to another day).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Availability } from '@cafe/contracts';
import { getJson } from './api-client';
import { bookingKeys } from './booking-query-keys';

/** GET /api/availability?date=…: each slot of the date with the seats a new booking could still take. */
export const getAvailability = (date: string) => getJson<Availability>(`/api/availability?date=${encodeURIComponent(date)}`);

/** Every date's answer shares the prefix, so a booking (or a "fully booked" refusal) refetches them all. */
export const AVAILABILITY_KEY = bookingKeys.availability[0];

export const availabilityQueryOptions = (date: string) =>
  queryOptions({ queryKey: [AVAILABILITY_KEY, date], queryFn: () => getAvailability(date), enabled: date !== '' });

/** Seats left per slot time for the date (empty until a date is chosen or while loading). */
export function useSeatsLeft(date: string): ReadonlyMap<string, number> {
  const { data } = useQuery(availabilityQueryOptions(date));
  return new Map(data && data.date === date ? data.slots.map((s) => [s.time, s.remaining]) : []);
}
