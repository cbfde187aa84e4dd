import { PARTY_BOOKING_EVENT_TYPES } from '@cafe/contracts';
import { liveMeanings, type LiveNoticePart } from '../platform/runtime/live-notice-part.js';

/** A party booking on the staff dashboard: requested, changed (decided, noted, arrived), cancelled. */
export const partyBookingNotices: LiveNoticePart = {
  meanings: liveMeanings('party', [...PARTY_BOOKING_EVENT_TYPES, 'PartyBookingArrivalMarked'], {
    created: 'PartyBookingRequested',
    cancelled: 'PartyBookingCancelled',
  }),
  // The guest's change that sent an approved party back to staff is one change, not two.
  sameChangeAs: { PartyBookingReturnedToPending: 'PartyBookingDetailsChanged' },
};
