import type { Feature } from './platform/runtime/runtime.js';
import type { MailFacts } from './platform/mailer/mail-composer.js';
import {
  reservationClosure,
  reservationMails,
  reservationNotices,
  reservationReminders,
  reservationsEraser,
  reservationsFeature,
  reservationKind,
} from './reservations/index.js';
import { blockedDateNotices, blockedDatesFeature } from './blocked-dates/index.js';
import { closuresFeature } from './closures/index.js';
import { businessInfoDemo, businessInfoFeature, cafeContact } from './business-info/index.js';
import { hoursChangesFeature } from './hours-changes/index.js';
import { usersEraser, usersFeature } from './users/index.js';
import { adminAccessFeature } from './admin-access/index.js';
import { authFeature } from './auth/index.js';
import { menuDemo, menuFeature } from './menu/index.js';
import {
  cafeEventsDaySheet,
  cafeEventsDemo,
  cafeEventsFeature,
  eventSeatSource,
  signUpClosure,
  signUpEraser,
  signUpMails,
  signUpReminders,
} from './cafe-events/index.js';
import { galleryDemo, galleryFeature } from './gallery/index.js';
import { demoSeedFeature } from './demo-seed/index.js';
import {
  partyBookingClosure,
  partyBookingMails,
  partyBookingNotices,
  partyBookingReminders,
  partyBookingsEraser,
  partyBookingsFeature,
  partyBookingKind,
} from './party-bookings/index.js';
import { bookingCalendarClosure, bookingCalendarDaySheet, bookingsCalendarFeature } from './booking-calendar/index.js';
import { bookingHistoryFeature } from './audit-trail/index.js';
import { notificationsFeature } from './notifications/index.js';
import { guestBookingsFeature } from './manage-booking/index.js';
import { remindersFeature } from './reminders/index.js';
import { cafeClockFeature } from './cafe-clock/index.js';
import { systemFeature } from './system/index.js';
import { liveUpdatesFeature } from './live-updates/index.js';
import { seatSource, seatingFeature, startSeatReconciler } from './seating/index.js';
import { guestPrivacyFeature } from './guest-privacy/index.js';
import { arrivalsDaySheet, arrivalsFeature } from './arrivals/index.js';
import { bookingSearchFeature, staffSearchDaySheet } from './staff-search/index.js';
import { reportsFeature } from './reports/index.js';
import {
  gameLibraryDaySheet,
  gameLibraryDemo,
  gameLibraryFeature,
  gameSummariesByIds,
  longestPlayingMinutes,
} from './game-library/index.js';
import { openTableClosure, openTableMails, openTablesEraser, openTablesFeature } from './open-tables/index.js';
import { reservationGamesFeature } from './reservation-games/index.js';
import { daySheetFeature } from './day-sheet/index.js';
import { floorFeature, floorNotices } from './floor/index.js';
import { waitlistEraser, waitlistFeature, waitlistMails, waitlistNotices, waitlistReport } from './waitlist/index.js';
import { doorQueueEraser, doorQueueFeature, doorQueueNotices, doorQueueReport } from './door-queue/index.js';

/** What every mail names of the café (business info) and of the games it lists (the game library). */
export const mailFacts: MailFacts = { cafe: cafeContact, games: gameSummariesByIds };

/**
 * Every vertical slice of the service, with the parts it offers the others: its `erasers` (what `forget`
 * erases), `demo` content (seeded in this order), `daySheet` sections, the `mails` of its events, what it
 * `reminders` its guests of, what its events mean in the dashboard's `liveNotices`, and its part in `closures`
 * of days.
 * The order changes nothing but the order the demo's content is seeded in (the runtime starts every
 * feature, then seeds; it closes the mailer once all have stopped).
 */
export const features: Feature[] = [
  {
    ...reservationsFeature,
    erasers: [reservationsEraser],
    mails: [reservationMails],
    reminders: [reservationReminders],
    closures: reservationClosure,
    liveNotices: reservationNotices,
  },
  { ...blockedDatesFeature, liveNotices: blockedDateNotices },
  closuresFeature,
  { ...businessInfoFeature, demo: businessInfoDemo },
  hoursChangesFeature,
  cafeClockFeature,
  { ...usersFeature, erasers: [usersEraser] },
  adminAccessFeature,
  authFeature,
  { ...menuFeature, demo: menuDemo },
  {
    ...cafeEventsFeature,
    erasers: [signUpEraser],
    demo: cafeEventsDemo,
    daySheet: cafeEventsDaySheet,
    mails: [signUpMails],
    reminders: [signUpReminders],
    closures: signUpClosure,
  },
  { ...galleryFeature, demo: galleryDemo },
  {
    ...partyBookingsFeature,
    erasers: [partyBookingsEraser],
    mails: [partyBookingMails],
    reminders: [partyBookingReminders],
    closures: partyBookingClosure,
    liveNotices: partyBookingNotices,
  },
  // Where the projections run, the days' seats are checked against the bookings and events holding them.
  { ...seatingFeature, start: startSeatReconciler([seatSource(reservationKind), seatSource(partyBookingKind), eventSeatSource()]) },
  { ...bookingsCalendarFeature, daySheet: bookingCalendarDaySheet, closures: bookingCalendarClosure },
  bookingHistoryFeature,
  { ...bookingSearchFeature, daySheet: staffSearchDaySheet },
  notificationsFeature(mailFacts),
  guestBookingsFeature,
  remindersFeature(mailFacts),
  systemFeature,
  liveUpdatesFeature(),
  guestPrivacyFeature,
  { ...arrivalsFeature, daySheet: arrivalsDaySheet },
  reportsFeature,
  // gameMinutes: a booking's stay on a floor lasts at least its longest requested game (booking-flow).
  { ...gameLibraryFeature, demo: gameLibraryDemo, daySheet: gameLibraryDaySheet, gameMinutes: longestPlayingMinutes },
  { ...openTablesFeature, erasers: [openTablesEraser], mails: [openTableMails], closures: openTableClosure },
  reservationGamesFeature,
  daySheetFeature,
  { ...floorFeature, liveNotices: floorNotices },
  { ...waitlistFeature, erasers: [waitlistEraser], mails: [waitlistMails], liveNotices: waitlistNotices, reports: waitlistReport },
  { ...doorQueueFeature(mailFacts), erasers: [doorQueueEraser], liveNotices: doorQueueNotices, reports: doorQueueReport },
  demoSeedFeature,
];
