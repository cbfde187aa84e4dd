import { z } from 'zod';
import { formatTime12 } from './time.js';

/**
 * What reservations and party bookings share: the details a guest gives, how an edit is expressed,
 * the messages both forms use and the fields every booking answer carries.
 */
export const PUBLIC_PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';
export const ADMIN_PHONE_INVALID = 'Invalid phone number';
export const ADMIN_PHONE_INCOMPLETE = 'Please enter a complete 10-digit phone number';

/** A time of today the café's clock has passed (slotHasPassed): refused, the form offering it no more. */
export const passedTimeMessage = (time: string) => `Sorry, ${formatTime12(time)} today has already passed. Please choose a later time.`;
/** The time list on a day whose every time has passed (late today): nothing to pick, and why. */
export const NO_TIMES_LEFT_MESSAGE = 'No times are left to book today. Please choose another date.';

export interface ReservationDetails {
  name: string;
  email: string;
  phone: string;
  partySize: number;
  date: string;
  time: string;
  specialRequests?: string;
  /** Reservations only (reservation-games.ts): library game ids asked for, and whether staff should teach them. */
  games?: string[];
  teachUs?: boolean;
}

/**
 * Edits may clear the optional special requests: `null` in a change means "removed"
 * (undefined would vanish in JSON and mean "not changed").
 */
export type DetailsChange<D> = Partial<Omit<D, 'specialRequests'>> & { specialRequests?: string | null };

/** A new booking answers its id and version (the version is also the ETag). */
export const createdSchema = z.object({ id: z.string(), version: z.number().int().optional() });

/**
 * Public POSTs accept an `Idempotency-Key` header (as Stripe's API does): the same key again within 24
 * hours answers the first result and books nothing.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MESSAGE = 'The Idempotency-Key header must be 1 to 255 visible characters.';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different booking.';
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_KEY_MESSAGE);

/** What a change answers: the booking's id and its new version (also sent as the ETag header). */
export const changedSchema = z.object({ id: z.string(), version: z.number().int() });

/** The fields every booking shows, whichever list it comes from. */
export const bookingOutShape = {
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  partySize: z.number(),
  date: z.string(),
  time: z.string(),
  specialRequests: z.string().nullish(),
};

/**
 * Why staff cancelled a booking when they closed the dates it falls on: recorded on its cancellation
 * event (history notes) and quoted in the guest's e-mail.
 */
export interface BookingClosure {
  reason: string;
  from: string;
  to: string;
  /**
   * Set when the café did not close but changed its opening hours and the booking fell outside them:
   * that day's new hours as guests read them ('Closed', '11:00 AM - 4:00 PM').
   */
  hours?: string;
}
