import type { Feature } from '../platform/runtime/runtime.js';
import { guestPrivacyRoutes } from './guest-privacy-routes.js';

/** Erasure on request: no read model of its own; the booking projections blank the fields on its events. */
export const guestPrivacyFeature: Feature = {
  name: 'guest-privacy',
  routes: guestPrivacyRoutes,
};
