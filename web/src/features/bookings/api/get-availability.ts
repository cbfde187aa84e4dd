// The public forms' seats per slot live in lib/availability.ts, shared with the guest's own page.
export { AVAILABILITY_KEY, availabilityQueryOptions, getAvailability, useSeatsLeft } from '../../../lib/availability';
