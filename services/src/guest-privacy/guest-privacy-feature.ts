import type { Feature } from '../platform/runtime/runtime.js';
import { guestPrivacyRoutes } from './guest-privacy-routes.js';
import { startScrubber } from './read-model-scrub.js';

/**
 * Erasure on request: no read model of its own; the booking projections blank the fields on its
 * events, and where they run on the embedded file the scrubber takes the old rows out of its log.
 */
export const guestPrivacyFeature: Feature = {
  name: 'guest-privacy',
  routes: guestPrivacyRoutes,
  start: startScrubber,
};
