import type { Feature } from '../platform/runtime/runtime.js';
import { arrivalsRoutes } from './arrivals-routes.js';
import { visitsProjection } from './visits-projection.js';

/** A staff member's day: arrival status, walk-ins, and each guest's record of visits (read model booking_visits). */
export const arrivalsFeature: Feature = { name: 'arrivals', projections: [visitsProjection], routes: arrivalsRoutes };
