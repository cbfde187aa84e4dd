import type { Feature } from '../platform/runtime/runtime.js';
import { coversRoutes } from './covers-routes.js';
import { eventGuestsProjection } from './event-guests-projection.js';
import { seatingProjection } from '../cafe-day/index.js';
import { seatingPublicRoutes } from './seating-routes.js';

/**
 * Seats per slot: the read model of each day's seats, the public availability and the staff's covers it
 * answers (with each day's event guests, counted apart).
 */
export const seatingFeature: Feature = {
  name: 'seating',
  projections: [seatingProjection, eventGuestsProjection],
  publicRoutes: seatingPublicRoutes,
  routes: coversRoutes,
};
