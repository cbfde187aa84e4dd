import type { Feature } from '../platform/feature.js';
import { bookingsCalendarProjection } from './bookings-calendar-projection.js';
import { bookingsCalendarRoutes } from './bookings-calendar-routes.js';

export const bookingsCalendarFeature: Feature = {
  name: 'bookings-calendar',
  projections: [bookingsCalendarProjection],
  routes: bookingsCalendarRoutes,
};
