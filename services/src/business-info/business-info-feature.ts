import type { Feature } from '../platform/runtime/runtime.js';
import { businessInfoProjection } from './business-info-projection.js';
import { businessInfoPublicRoutes, businessInfoRoutes } from './business-info-routes.js';
import { businessInfoPageData } from './business-info-page-data.js';

/** The café's stored details: read by every page, edited in the dashboard's Business Info section. */
export const businessInfoFeature: Feature = {
  name: 'business-info',
  projections: [businessInfoProjection],
  publicRoutes: businessInfoPublicRoutes,
  routes: businessInfoRoutes,
  pageData: businessInfoPageData,
};
