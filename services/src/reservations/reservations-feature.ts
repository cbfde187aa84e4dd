import type { Feature } from '../platform/runtime/runtime.js';
import { cancelledReservationsProjection, reservationsProjection } from './reservations-projection.js';
import { reservationsRoutes } from './reservations-routes.js';

export const reservationsFeature: Feature = {
  name: 'reservations',
  projections: [reservationsProjection, cancelledReservationsProjection],
  routes: reservationsRoutes,
};
