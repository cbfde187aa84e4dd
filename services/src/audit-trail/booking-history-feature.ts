import type { Feature } from '../platform/runtime/runtime.js';
import { bookingHistoryProjection } from './booking-history-projection.js';
import { floorHistoryProjection } from './floor-history-projection.js';
import { bookingHistoryRoutes } from './booking-history-routes.js';

export const bookingHistoryFeature: Feature = {
  name: 'booking-history',
  projections: [bookingHistoryProjection, floorHistoryProjection],
  routes: bookingHistoryRoutes,
};
