import type { Feature } from '../platform/runtime/runtime.js';
import { seatingProjection } from './seating-projection.js';
import { seatingPublicRoutes } from './seating-routes.js';

/** Seats per slot: the read model of each day's seats and the public availability it answers. */
export const seatingFeature: Feature = { name: 'seating', projections: [seatingProjection], publicRoutes: seatingPublicRoutes };
