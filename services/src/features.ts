import type { Feature } from './platform/runtime/runtime.js';
import { reservationsFeature } from './reservations/index.js';
import { blockedDatesFeature } from './blocked-dates/index.js';
import { closuresFeature } from './closures/index.js';
import { businessInfoFeature } from './business-info/index.js';
import { hoursChangesFeature } from './hours-changes/index.js';
import { usersFeature } from './users/index.js';
import { adminAccessFeature } from './admin-access/index.js';
import { authFeature } from './auth/index.js';
import { menuFeature } from './menu/index.js';
import { cafeEventsFeature } from './cafe-events/index.js';
import { galleryFeature } from './gallery/index.js';
import { demoSeedFeature } from './demo-seed/index.js';
import { partyBookingsFeature } from './party-bookings/index.js';
import { bookingsCalendarFeature } from './booking-calendar/index.js';
import { bookingHistoryFeature } from './audit-trail/index.js';
import { notificationsFeature } from './notifications/index.js';
import { guestBookingsFeature } from './manage-booking/index.js';
import { remindersFeature } from './reminders/index.js';
import { cafeClockFeature } from './cafe-clock/index.js';
import { systemFeature } from './system/index.js';
import { liveUpdatesFeature } from './live-updates/index.js';
import { seatingFeature } from './seating/index.js';
import { guestPrivacyFeature } from './guest-privacy/index.js';
import { arrivalsFeature } from './arrivals/index.js';
import { bookingSearchFeature } from './staff-search/index.js';
import { reportsFeature } from './reports/index.js';
import { gameLibraryFeature } from './game-library/index.js';
import { openTablesFeature } from './open-tables/index.js';
import { reservationGamesFeature } from './reservation-games/index.js';
import { daySheetFeature } from './day-sheet/index.js';

/** Every vertical slice of the service. Order matters only for route registration. */
export const features: Feature[] = [
  reservationsFeature,
  blockedDatesFeature,
  closuresFeature,
  businessInfoFeature,
  hoursChangesFeature,
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
  bookingSearchFeature,
  notificationsFeature,
  guestBookingsFeature,
  // After notifications: features stop in reverse order, and the notifications reactor closes the mailer.
  remindersFeature,
  systemFeature,
  liveUpdatesFeature(),
  guestPrivacyFeature,
  arrivalsFeature,
  reportsFeature,
  gameLibraryFeature,
  openTablesFeature,
  reservationGamesFeature,
  daySheetFeature,
  // Last: seeds once every other slice has started (SEED_DEMO).
  demoSeedFeature,
];
