import type { ReadModelIndex } from '../platform/projections/projection.js';

/** The order every booking list is shown in: by date, then time, then when it was made. */
export const BOOKING_ORDER = { date: 1, time: 1, createdAt: 1 } as const;

/**
 * What the booking lists need of MongoDB: a date range (or none) read in BOOKING_ORDER, with the
 * `_id` every adapter adds to break ties, so the server walks the index in order and sorts nothing
 * in memory. Declared by each booking read model (reservations, party_bookings, bookings_calendar).
 */
export const BY_DATE_INDEX: ReadModelIndex = { name: 'date_time_created', key: { ...BOOKING_ORDER, _id: 1 } };
