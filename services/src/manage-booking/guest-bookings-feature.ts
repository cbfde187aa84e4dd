import type { Feature } from '../platform/runtime/runtime.js';
import { guestBookingsRoutes } from './guest-bookings-routes.js';

/** Guests manage their own booking through the signed link of its e-mails (no session needed). */
export const guestBookingsFeature: Feature = {
  name: 'guest-bookings',
  routes: guestBookingsRoutes,
};
