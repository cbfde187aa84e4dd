import type { FastifyPluginAsync } from 'fastify';
import type { Feature } from '../platform/runtime/runtime.js';
import { floorProjection } from './floor-projection.js';
import { floorDaysProjection } from './floor-days-projection.js';
import { floorGuestsProjection } from './floor-guests-projection.js';
import { floorRoutes } from './floor-routes.js';
import { floorViewRoutes } from './floor-view-routes.js';
import { resumePlacements } from './placement-process.js';

const routes: FastifyPluginAsync = async (app) => {
  await app.register(floorRoutes);
  await app.register(floorViewRoutes);
};

/**
 * The café's floor: staff set areas, tables, combinations and stays; setting it places every future
 * booking (a process resumed in any process that starts the features); the host's view of a day; staff
 * move tables and change stays. The seating decisions themselves are cafe-day's.
 */
export const floorFeature: Feature = {
  name: 'floor',
  projections: [floorProjection, floorDaysProjection, floorGuestsProjection],
  routes,
  start: async (runtime) => resumePlacements(runtime),
};
