import { liveMeanings, type LiveNoticePart } from '../platform/runtime/live-notice-part.js';

/** A closed day on the staff dashboard: blocked (created), or reopened (changed). */
export const blockedDateNotices: LiveNoticePart = {
  meanings: liveMeanings('blocked-date', ['DateBlocked', 'DateUnblocked'], { created: 'DateBlocked' }),
};
