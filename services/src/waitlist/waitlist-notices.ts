import { liveMeanings, type LiveNoticePart } from '../platform/runtime/live-notice-part.js';
import { WAITLIST_DAY_EVENT_TYPES } from './waitlist-day-decider.js';

/**
 * The evening waitlist on the staff dashboard's live updates: every change of a date's list (a guest joined,
 * left, passed or took an offer; an offer made or expired; the date ended; a guest's data erased) refreshes the
 * Waitlist tab. A guest's own take reaches the list after the reservation it booked: without its own notice
 * the list said "Offered" until its half-minute refresh.
 */
export const waitlistNotices: LiveNoticePart = {
  meanings: liveMeanings('waitlist', [...WAITLIST_DAY_EVENT_TYPES, 'WaitlistPersonalDataErased'], { created: 'EntryListed' }),
};
