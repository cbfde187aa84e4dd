/** The blocked-dates feature's public API: what other features may import. */
export {
  blockedDatesQueryOptions,
  closedReasonOf,
  getBlockedDates,
  useBlockedDates,
  useClosedDays,
  type ClosedDays,
} from './api/get-blocked-dates';
