import type { Feature } from '../platform/runtime/runtime.js';
import { blockedDatesProjection } from './blocked-dates-projection.js';
import { blockedDatesAdminRoutes } from './blocked-dates-admin-routes.js';
import { blockedDatesPublicRoutes } from './blocked-dates-routes.js';

/**
 * Blocked dates: the public list of closed days, and staff reopening them. Closing a day is a closure
 * (the closures slice, above this one), which lists the day here with decideBlock.
 */
export const blockedDatesFeature: Feature = {
  name: 'blocked-dates',
  projections: [blockedDatesProjection],
  publicRoutes: blockedDatesPublicRoutes,
  routes: blockedDatesAdminRoutes,
};
