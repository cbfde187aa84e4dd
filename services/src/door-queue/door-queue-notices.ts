import type { LiveNoticePart } from '../platform/runtime/live-notice-part.js';

/**
 * The door queue on the staff dashboard's live updates: a party added, told its table is ready, seated or
 * gone, and a message sent or failed, each change the Waitlist tab's list (readModels names door_queue).
 * Counted as changed reservations until the live updates know a kind of their own for the queue.
 */
export const doorQueueNotices: LiveNoticePart = {
  meanings: Object.fromEntries(
    ['PartyQueued', 'TableReadySent', 'PartySeated', 'PartyGone', 'GuestMessageSent', 'GuestMessageFailed', 'GuestMessageSkipped'].map(
      (type) => [type, { kind: 'reservation', change: 'changed' }] as const,
    ),
  ),
};
