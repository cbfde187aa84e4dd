import { bookingEraser } from '../platform/personal-data/guest-eraser.js';
import { erasePartyBookingPersonalData } from './party-booking-commands.js';

/** `forget`'s part for party bookings: each of the guest's parties gets its erasure event. */
export const partyBookingsEraser = bookingEraser('partyBookings', 'party', erasePartyBookingPersonalData);
