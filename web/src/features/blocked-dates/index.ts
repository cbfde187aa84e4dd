/** The blocked-dates feature's public API: what other features may import. */
export { blockedDatesQueryOptions, closedReasonOf, getBlockedDates, useBlockedDates } from './api/get-blocked-dates';
