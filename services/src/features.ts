import type { Feature } from './platform/runtime/runtime.js';
import { reservationsProjection } from './reservations/reservations-projection.js';
import { reservationsRoutes } from './reservations/reservations-routes.js';
import { blockedDatesFeature } from './blocked-dates/blocked-dates-feature.js';
import { closuresFeature } from './closures/closures-feature.js';
import { businessInfoProjection } from './business-info/business-info-projection.js';
import { businessInfoPublicRoutes, businessInfoRoutes } from './business-info/business-info-routes.js';
import { businessInfoPageData } from './business-info/business-info-page-data.js';
import { usersFeature } from './users/users-feature.js';
import { adminAccessFeature } from './admin-access/admin-access-feature.js';
import { authFeature } from './auth/auth-feature.js';
import { menuFeature } from './menu/menu-feature.js';
import { cafeEventsFeature } from './cafe-events/cafe-events-feature.js';
import { galleryFeature } from './gallery/gallery-feature.js';
import { demoSeedFeature } from './demo-seed/demo-seed-feature.js';
import { partyBookingsFeature } from './party-bookings/party-bookings-feature.js';
import { bookingsCalendarFeature } from './bookings-calendar/bookings-calendar-feature.js';
import { bookingHistoryFeature } from './booking-history/booking-history-feature.js';
import { notificationsFeature } from './notifications/notifications-feature.js';
import { guestBookingsFeature } from './guest-bookings/guest-bookings-feature.js';
import { remindersFeature } from './reminders/reminders-feature.js';
import { cafeClockFeature } from './cafe-clock/cafe-clock-feature.js';
import { systemFeature } from './system/system-feature.js';
import { liveUpdatesFeature } from './live-updates/live-updates-feature.js';
import { seatingFeature } from './seating/seating-feature.js';
import { guestPrivacyFeature } from './guest-privacy/guest-privacy-feature.js';

/** Every vertical slice of the service. Order matters only for route registration. */
export const features: Feature[] = [
  { name: 'reservations', projections: [reservationsProjection], routes: reservationsRoutes },
  blockedDatesFeature,
  closuresFeature,
  {
    name: 'business-info',
    projections: [businessInfoProjection],
    publicRoutes: businessInfoPublicRoutes,
    routes: businessInfoRoutes,
    pageData: businessInfoPageData,
  },
  cafeClockFeature,
  usersFeature,
  adminAccessFeature,
  authFeature,
  menuFeature,
  cafeEventsFeature,
  galleryFeature,
  partyBookingsFeature,
  seatingFeature,
  bookingsCalendarFeature,
  bookingHistoryFeature,
  notificationsFeature,
  guestBookingsFeature,
  // After notifications: features stop in reverse order, and the notifications reactor closes the mailer.
  remindersFeature,
  systemFeature,
  liveUpdatesFeature(),
  guestPrivacyFeature,
  // Last: seeds once every other slice has started (SEED_DEMO).
  demoSeedFeature,
];
