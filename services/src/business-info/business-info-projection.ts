import { defineProjection } from '../platform/projections/projection.js';

/** Stored form of business info (SPEC.md §3), one document. Issue #5 adds the admin form's fields. */
export interface BusinessInfoDoc {
  _id: string;
  [key: string]: unknown;
  hoursJson?: string;
  phone?: string;
  email?: string;
  updatedAt?: string;
}

export const BUSINESS_INFO_ID = 'main';

export const businessInfoProjection = defineProjection<BusinessInfoDoc>({
  name: 'business_info',
  handles: ['BusinessInfoUpdated'],
  documentIds: () => [BUSINESS_INFO_ID],
  evolve: (doc, event) => ({
    ...(doc ?? { _id: BUSINESS_INFO_ID }),
    ...(event.data as Record<string, unknown>),
    updatedAt: event.metadata.occurredAt,
  }),
});
