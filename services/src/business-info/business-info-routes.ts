import type { FastifyPluginAsync } from 'fastify';
import { DEFAULT_BUSINESS_INFO } from '@cafe/contracts';
import { BUSINESS_INFO_ID, businessInfoProjection, type BusinessInfoDoc } from './business-info-projection.js';

export const businessInfoRoutes: FastifyPluginAsync = async (app) => {
  // Public: contact and hours, with SPEC.md §9's defaults for anything not yet set.
  app.get('/business-info', async () => {
    const doc = await app.runtime.documents.collection<BusinessInfoDoc>(businessInfoProjection.name).get(BUSINESS_INFO_ID);
    return {
      hoursJson: doc?.hoursJson || DEFAULT_BUSINESS_INFO.hoursJson,
      phone: doc?.phone || DEFAULT_BUSINESS_INFO.phone,
      email: doc?.email || DEFAULT_BUSINESS_INFO.email,
    };
  });
};
