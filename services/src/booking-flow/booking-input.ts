import type { z } from 'zod';
import { capacityOverrideQuerySchema, type DetailsChange, type ReservationDetails } from '@cafe/contracts';
import { clearsSpecialRequests } from '../booking-rules/index.js';
import { parseWith } from '../platform/http/validation.js';
import type { SeatingOptions } from './booking-kind.js';

// What a staff request carries, read with the contract schemas (HTTP input, kept out of the pure rules).

/** A staff edit's body as a change: parsed with the contract schema, '' or null on special requests clears them. */
export function detailsChangeFrom<D extends ReservationDetails>(schema: z.ZodType<Partial<D>>, body: unknown): DetailsChange<D> {
  const input = parseWith(schema, body);
  const changes: DetailsChange<D> = { ...input };
  if (clearsSpecialRequests(body, input)) changes.specialRequests = null;
  return changes;
}

/** A staff request's `?override=capacity`: book even past the seat capacity (the dashboard asked first). */
export function seatingOptionsFrom(query: unknown): SeatingOptions {
  return { overrideCapacity: parseWith(capacityOverrideQuerySchema, query ?? {}).override === 'capacity' };
}
