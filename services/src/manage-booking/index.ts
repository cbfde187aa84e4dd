// The manage-booking slice's public face: a guest's own booking through the signed link of its e-mails.
export { guestBookingsFeature } from './guest-bookings-feature.js';
