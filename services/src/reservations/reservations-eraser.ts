import { bookingEraser } from '../platform/personal-data/guest-eraser.js';
import { eraseReservationPersonalData } from './reservation-commands.js';

/** `forget`'s part for table reservations: each of the guest's reservations gets its erasure event. */
export const reservationsEraser = bookingEraser('reservations', 'reservation', eraseReservationPersonalData);
