import { type BusinessInfoData } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import { BUSINESS_INFO_ID, BUSINESS_INFO_READ_MODEL, type BusinessInfoDoc } from '../cafe-day/index.js';

export { BUSINESS_INFO_ID, type BusinessInfoDoc };

/** BusinessInfoUpdated carries only what changed: merge it in (null clears a field). */
export const businessInfoProjection = defineProjection<BusinessInfoDoc>({
  name: BUSINESS_INFO_READ_MODEL,
  handles: ['BusinessInfoUpdated'],
  documentIds: () => [BUSINESS_INFO_ID],
  evolve: (doc, event) => ({
    ...(doc ?? { _id: BUSINESS_INFO_ID }),
    ...(event.data as Partial<BusinessInfoData>),
    updatedAt: event.metadata.occurredAt,
  }),
});
