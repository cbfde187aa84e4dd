import type { z } from 'zod';
import type { capacityOverrideQuerySchema, DetailsChange, ReservationDetails } from '@cafe/contracts';
import { clearsSpecialRequests } from '../booking-rules/index.js';
import type { SeatingOptions } from './booking-kind.js';

// What a staff request carries, read from the input Fastify validated with the contract schemas (kept out of the pure rules).

/**
 * A staff edit's parsed body as a change: '' or null on special requests clears them. The contract
 * schema parses those to undefined and keeps the key (absent keys stay absent), so the parsed body tells.
 */
export function detailsChangeFrom<D extends ReservationDetails>(input: Partial<D>): DetailsChange<D> {
  const changes: DetailsChange<D> = { ...input };
  if (clearsSpecialRequests(input, input)) changes.specialRequests = null;
  return changes;
}

/** A staff request's parsed `?override=capacity`: book even past the seat capacity (the dashboard asked first). */
export function seatingOptionsFrom(query: z.output<typeof capacityOverrideQuerySchema>): SeatingOptions {
  return { overrideCapacity: query.override === 'capacity' };
}
