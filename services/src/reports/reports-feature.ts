import type { Feature } from '../platform/runtime/runtime.js';
import { reportDaysProjection } from './report-days-projection.js';
import { reportBookingsMadeProjection } from './report-bookings-made-projection.js';
import { reportPartiesProjection } from './report-parties-projection.js';
import { reportEventsProjection } from './report-events-projection.js';
import { reportArrivalsProjection } from './report-arrivals-projection.js';
import { reportFloorProjection } from './report-floor-projection.js';
import { reportsRoutes } from './reports-routes.js';

export const reportsFeature: Feature = {
  name: 'reports',
  projections: [
    reportDaysProjection,
    reportBookingsMadeProjection,
    reportPartiesProjection,
    reportEventsProjection,
    reportArrivalsProjection,
    reportFloorProjection,
  ],
  routes: reportsRoutes,
};
