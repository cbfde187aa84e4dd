import type { Feature } from '../platform/runtime/runtime.js';
import { blockedDatesProjection } from './blocked-dates-projection.js';
import { blockedDatesPublicRoutes } from './blocked-dates-routes.js';

/** Blocked dates: the public list of closed days. Closing and reopening them is the closures slice. */
export const blockedDatesFeature: Feature = {
  name: 'blocked-dates',
  projections: [blockedDatesProjection],
  publicRoutes: blockedDatesPublicRoutes,
};
