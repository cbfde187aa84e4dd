import type { Feature } from '../platform/runtime/runtime.js';
import { waitlistProjection } from './waitlist-projection.js';
import { waitlistRoutes } from './waitlist-routes.js';
import { startWaitlistProcess } from './waitlist-process.js';

/**
 * The evening waitlist (issue 49): guests turned away from a full date join it for a window of times; whenever
 * seats or tables free up the first fitting entry gets an offer, held on the day's seats until taken (a
 * reservation through the reservation path), passed or expired (the process manager, where the projections run).
 */
export const waitlistFeature: Feature = {
  name: 'waitlist',
  projections: [waitlistProjection],
  routes: waitlistRoutes,
  start: startWaitlistProcess(),
};
