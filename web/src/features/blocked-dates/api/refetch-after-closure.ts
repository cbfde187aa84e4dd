import type { QueryClient } from '@tanstack/react-query';
import { bookingKeys } from '../../../lib/booking-query-keys';
import { rangeImpactKey } from './get-range-impact';

/** After a closure: the closed days, and every booking list (a cancelled booking leaves them; a kept one is flagged). */
export const refetchAfterClosure = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingKeys.blockedDates }),
    queryClient.invalidateQueries({ queryKey: bookingKeys.views }),
    queryClient.invalidateQueries({ queryKey: bookingKeys.reservations }),
    queryClient.invalidateQueries({ queryKey: bookingKeys.parties }),
    queryClient.invalidateQueries({ queryKey: bookingKeys.availability }),
    queryClient.invalidateQueries({ queryKey: rangeImpactKey }),
  ]);
