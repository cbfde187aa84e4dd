import type { Feature } from '../platform/runtime/runtime.js';
import { bookingSearchProjection } from './booking-search-projection.js';
import { bookingSearchRoutes } from './booking-search-routes.js';

export const bookingSearchFeature: Feature = {
  name: 'booking-search',
  projections: [bookingSearchProjection],
  routes: bookingSearchRoutes,
};
