import type { LiveNoticePart } from '../platform/runtime/live-notice-part.js';

/**
 * The evening waitlist on the staff dashboard's live updates: a guest joined, an offer made or expired, a date
 * ended, each change the Waitlist tab's list (readModels names waitlist). Counted as changed reservations until
 * the live updates know a kind of their own for the waitlist. A guest's own leave, pass or take is left out: it
 * would be toasted as "a guest changed their reservation" (a taken offer is a new reservation of its own, and the
 * offer the process makes next refreshes the list).
 */
export const waitlistNotices: LiveNoticePart = {
  meanings: Object.fromEntries(
    ['EntryListed', 'OfferMade', 'OfferExpired', 'WaitlistDayEnded', 'WaitlistPersonalDataErased'].map(
      (type) => [type, { kind: 'reservation', change: 'changed' }] as const,
    ),
  ),
};
