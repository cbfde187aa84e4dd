import { type BusinessInfoData } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

/** The one business_info document: both readings (see business-info-decider.ts). */
export interface BusinessInfoDoc extends Partial<BusinessInfoData> {
  _id: string;
  [key: string]: unknown;
  updatedAt?: string;
}

export const BUSINESS_INFO_ID = 'main';

/** BusinessInfoUpdated carries only what changed: merge it in (null clears a field). */
export const businessInfoProjection = defineProjection<BusinessInfoDoc>({
  name: 'business_info',
  handles: ['BusinessInfoUpdated'],
  documentIds: () => [BUSINESS_INFO_ID],
  evolve: (doc, event) => ({
    ...(doc ?? { _id: BUSINESS_INFO_ID }),
    ...(event.data as Partial<BusinessInfoData>),
    updatedAt: event.metadata.occurredAt,
  }),
});
