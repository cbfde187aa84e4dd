import type { QueryClient } from '@tanstack/react-query';
import { refetchClosedDays } from '../../../lib/refetch-closed-days';
import { rangeImpactKey } from './get-range-impact';

/** After a closure: the closed days and every list they change, and the previews. */
export const refetchAfterClosure = (queryClient: QueryClient) =>
  Promise.all([refetchClosedDays(queryClient), queryClient.invalidateQueries({ queryKey: rangeImpactKey })]);
