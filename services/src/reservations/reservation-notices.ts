import { RESERVATION_EVENT_TYPES } from '@cafe/contracts';
import { liveMeanings, type LiveNoticePart } from '../platform/runtime/live-notice-part.js';

/** A reservation on the staff dashboard: made, changed, cancelled; an arrival marked on one dashboard shows on every other. */
export const reservationNotices: LiveNoticePart = {
  meanings: liveMeanings('reservation', [...RESERVATION_EVENT_TYPES, 'ReservationArrivalMarked'], {
    created: 'ReservationRequested',
    cancelled: 'ReservationCancelled',
  }),
};
