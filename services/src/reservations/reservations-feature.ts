import type { Feature } from '../platform/runtime/runtime.js';
import { reservationsProjection } from './reservations-projection.js';
import { reservationsRoutes } from './reservations-routes.js';

export const reservationsFeature: Feature = { name: 'reservations', projections: [reservationsProjection], routes: reservationsRoutes };
