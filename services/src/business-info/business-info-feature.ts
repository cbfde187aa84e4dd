import type { Feature } from '../platform/runtime/runtime.js';
import { businessInfoProjection } from './business-info-projection.js';
import { businessInfoPublicRoutes } from './business-info-routes.js';
import { businessInfoPageData } from './business-info-page-data.js';

/**
 * The café's stored details: read by every page, edited in the dashboard's Business Info section (saved
 * through hours-changes, which closes the holidays and settles the bookings a save affects).
 */
export const businessInfoFeature: Feature = {
  name: 'business-info',
  projections: [businessInfoProjection],
  publicRoutes: businessInfoPublicRoutes,
  pageData: businessInfoPageData,
};
