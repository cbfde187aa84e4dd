import { liveMeanings, type LiveNoticePart } from '../platform/runtime/live-notice-part.js';

/**
 * The door queue on the staff dashboard's live updates: a party added, told its table is ready, seated or
 * gone, and a message sent or failed, each change the Waitlist tab's list (readModels names door_queue).
 */
export const doorQueueNotices: LiveNoticePart = {
  meanings: liveMeanings(
    'waitlist',
    ['PartyQueued', 'TableReadySent', 'PartySeated', 'PartyGone', 'GuestMessageSent', 'GuestMessageFailed', 'GuestMessageSkipped'],
    { created: 'PartyQueued' },
  ),
};
