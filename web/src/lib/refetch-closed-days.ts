import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { bookingKeys } from './booking-query-keys';
import { occurrencesQueryOptions } from './event-queries';

/**
 * What days closed change (Blocked Dates, or a holiday closed in Business Info): the closed days, every
 * booking list (a cancelled booking leaves them, a kept one is flagged) and the game nights' places.
 */
export const closedDayQueryKeys = (): QueryKey[] => [
  bookingKeys.blockedDates,
  bookingKeys.views,
  bookingKeys.reservations,
  bookingKeys.parties,
  bookingKeys.availability,
  occurrencesQueryOptions().queryKey,
];

export const refetchClosedDays = (queryClient: QueryClient) =>
  Promise.all(closedDayQueryKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey })));
