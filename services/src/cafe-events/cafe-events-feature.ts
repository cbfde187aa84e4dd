import type { Feature } from '../platform/runtime/runtime.js';
import { cafeEventsProjection } from './cafe-events-projection.js';
import { cafeEventsPublicRoutes, cafeEventsRoutes } from './cafe-events-routes.js';

export const cafeEventsFeature: Feature = {
  name: 'cafe-events',
  projections: [cafeEventsProjection],
  publicRoutes: cafeEventsPublicRoutes,
  routes: cafeEventsRoutes,
};
