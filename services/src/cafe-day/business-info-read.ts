import type { BusinessInfoData } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';

/**
 * The business_info read model: one document, written by the business-info slice's projection, read by
 * every slice that shows the café's details (its name and address in the events' calendar feed, ...).
 */
export const BUSINESS_INFO_READ_MODEL = 'business_info';
export const BUSINESS_INFO_ID = 'main';

/** The one business_info document: both readings (see business-info-decider.ts). */
export interface BusinessInfoDoc extends Partial<BusinessInfoData> {
  _id: string;
  [key: string]: unknown;
  updatedAt?: string;
}

/** The business info as the read model holds it; null before it was ever saved. */
export const readBusinessInfoDoc = (documents: DocumentStore): Promise<BusinessInfoDoc | null> =>
  documents.collection<BusinessInfoDoc>(BUSINESS_INFO_READ_MODEL).get(BUSINESS_INFO_ID);
