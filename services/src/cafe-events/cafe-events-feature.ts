import type { FastifyPluginAsync } from 'fastify';
import type { Feature } from '../platform/runtime/runtime.js';
import { cafeEventsProjection } from './cafe-events-projection.js';
import { cafeEventsPublicRoutes, cafeEventsRoutes } from './cafe-events-routes.js';
import { occurrencesProjection, signUpsProjection } from './sign-ups-projection.js';
import { signUpPublicRoutes } from './sign-up-routes.js';
import { signUpAdminRoutes } from './sign-up-admin-routes.js';
import { startPlacesReconciler } from './places-reconciliation.js';

const both =
  (...plugins: FastifyPluginAsync[]): FastifyPluginAsync =>
  async (app) => {
    for (const plugin of plugins) await app.register(plugin);
  };

export const cafeEventsFeature: Feature = {
  name: 'cafe-events',
  projections: [cafeEventsProjection, signUpsProjection, occurrencesProjection],
  publicRoutes: cafeEventsPublicRoutes,
  // The sign-ups' public routes go with the session ones: the guest's cancel is a write.
  routes: both(cafeEventsRoutes, signUpPublicRoutes, signUpAdminRoutes),
  // Where the projections run, each date's places are checked against its sign-ups (places-reconciliation.ts).
  start: startPlacesReconciler,
};
