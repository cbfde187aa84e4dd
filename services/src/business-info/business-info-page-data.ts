import type { PageDataSource } from '../platform/http/web-pages.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { BUSINESS_INFO_ID, businessInfoProjection, type BusinessInfoDoc } from './business-info-projection.js';
import { toBusinessInfo } from './business-info-routes.js';

/**
 * The site's pages are rendered with the business info and carry it (platform/http/web-pages.ts): the
 * name, phone and announcement are in the first paint, and the app's first render uses the same answer
 * GET /api/business-info gives.
 */
export const businessInfoPageData = (runtime: Runtime): PageDataSource => ({
  path: '/api/business-info',
  version: () => runtime.readModels.versionOf(businessInfoProjection.name),
  read: async () => toBusinessInfo(await runtime.documents.collection<BusinessInfoDoc>(businessInfoProjection.name).get(BUSINESS_INFO_ID)),
});
