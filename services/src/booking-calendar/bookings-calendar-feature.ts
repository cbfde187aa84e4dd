import type { Feature } from '../platform/runtime/runtime.js';
import { bookingsCalendarProjection } from './bookings-calendar-projection.js';
import { bookingsCalendarRoutes } from './bookings-calendar-routes.js';

export const bookingsCalendarFeature: Feature = {
  name: 'bookings-calendar',
  projections: [bookingsCalendarProjection],
  routes: bookingsCalendarRoutes,
};
