// The booking-history slice's public face: each booking's change history for staff.
export { bookingHistoryFeature } from './booking-history-feature.js';
