import type { Feature } from '../platform/runtime/runtime.js';
import { cancelledPartyBookingsProjection, partyBookingsProjection } from './party-bookings-projection.js';
import { partyBookingsRoutes } from './party-bookings-routes.js';

export const partyBookingsFeature: Feature = {
  name: 'party-bookings',
  projections: [partyBookingsProjection, cancelledPartyBookingsProjection],
  routes: partyBookingsRoutes,
};
