import { z } from 'zod';
import { ADMIN_RESERVATION_SIZES, PUBLIC_RESERVATION_SIZES } from './business.js';
import { dateField, emailField, nameField, optionalText, phoneField, sizeField, slotRule, timeField, perDay } from './fields.js';
import { staffContact, type StaffContactMode } from './staff-contact.js';
import { TEXT_LIMITS } from './limits.js';
import {
  PUBLIC_PHONE_MESSAGE,
  bookingOutShape,
  createdSchema,
  type BookingClosure,
  type DetailsChange,
  type ReservationDetails,
} from './booking-core.js';
import { reservationGamesShape } from './reservation-games.js';
import { minutesOf } from './opening-hours.js';

/**
 * Table reservations: the public form, the staff dialogs, the events and the answers. Each schema is a
 * factory taking "today" (yyyy-MM-dd in the café's zone) so the browser and the server apply the very
 * same rule; pass null to skip the not-in-the-past check.
 */
export const RESERVATION_PAST_MESSAGE = 'Reservation date cannot be in the past';
export const RESERVATION_NOT_FOUND = 'Reservation not found';
export const RESERVATION_EXISTS = 'This reservation already exists';

export const publicReservationSchema = perDay((today, horizonDays) =>
  z
    .object({
      name: nameField(),
      email: emailField('Email is required', 'Please enter a valid email address'),
      phone: phoneField(PUBLIC_PHONE_MESSAGE),
      partySize: sizeField(PUBLIC_RESERVATION_SIZES),
      date: dateField({ today, pastMessage: RESERVATION_PAST_MESSAGE, horizonDays }),
      time: timeField(),
      specialRequests: optionalText('Special requests', TEXT_LIMITS.specialRequests),
      ...reservationGamesShape,
    })
    .superRefine(slotRule),
);
export type PublicReservationInput = z.input<ReturnType<typeof publicReservationSchema>>;
export type PublicReservation = z.output<ReturnType<typeof publicReservationSchema>>;

/**
 * Admin create and edit dialogs: sizes 1–10 and the dialog's own messages. Staff may take a booking by
 * phone without an e-mail address (staff-contact.ts); the contact rule is joined beside the fields.
 */
const adminReservationShape = (today: string | null, horizonDays: number | undefined, mode: StaffContactMode) => {
  const contact = staffContact(mode);
  const shape = {
    name: nameField(),
    ...contact.fields,
    partySize: sizeField(ADMIN_RESERVATION_SIZES),
    date: dateField({ today, pastMessage: RESERVATION_PAST_MESSAGE, horizonDays }),
    time: timeField(),
    specialRequests: optionalText('Special requests', TEXT_LIMITS.specialRequests),
    ...reservationGamesShape,
  };
  return { shape, check: contact.check };
};

export const adminReservationSchema = perDay((today, horizonDays) => {
  const { shape, check } = adminReservationShape(today, horizonDays, 'create');
  return z.intersection(z.object(shape).superRefine(slotRule), check);
});

/**
 * PATCH /api/reservations/{id}: the edit dialog's fields, each optional (absent = unchanged). The
 * not-in-the-past rule applies to a date or time being changed, which only the server knows: it is
 * checked against the stored booking by the decider, so pass null here on the server.
 */
export const adminReservationPatchSchema = perDay((today, horizonDays) => {
  const { shape, check } = adminReservationShape(today, horizonDays, 'change');
  return z.intersection(z.object(shape).partial().superRefine(slotRule), check);
});
export type AdminReservationPatch = z.output<ReturnType<typeof adminReservationPatchSchema>>;
export type AdminReservation = z.output<ReturnType<typeof adminReservationSchema>>;

export type ReservationEvent =
  | { type: 'ReservationRequested'; data: ReservationDetails & { reservationId: string; source: 'public' | 'admin' } }
  | { type: 'ReservationChanged'; data: DetailsChange<ReservationDetails> & { reservationId: string } }
  | { type: 'ReservationCancelled'; data: { reservationId: string; closure?: BookingClosure } }
  | { type: 'ReservationPersonalDataErased'; data: { reservationId: string; guestKey: string } };

export const RESERVATION_EVENT_TYPES = [
  'ReservationRequested',
  'ReservationChanged',
  'ReservationCancelled',
  'ReservationPersonalDataErased',
] as const;

/** Stored bookings as the admin lists return them. `version` is the stream revision: send it back as If-Match. */
export const reservationSchemaOut = z.object({
  ...bookingOutShape,
  source: z.enum(['public', 'admin']).optional(),
  /** Games asked for (library ids, up to three) and "teach us": additive, absent when not asked. */
  games: z.array(z.string()).optional(),
  teachUs: z.boolean().optional(),
  /**
   * With a floor (issue 48): the tables it sits at, by name ([] when staff booked it past every table: it waits
   * to be placed), and the HH:mm its stay ends (guests read tableUntilText). Absent without a floor.
   */
  tables: z.array(z.string()).optional(),
  stayUntil: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
  version: z.number().int(),
});
export type ReservationOut = z.output<typeof reservationSchemaOut>;

/**
 * A new booking's answer (POST /api/reservations, /api/party-bookings and the staff's): its id and version and,
 * with a floor, the tables it got and the HH:mm its stay ends (a pending party holds none yet). Additive.
 */
export const bookingCreatedSchema = createdSchema.extend({
  tables: z.array(z.string()).optional(),
  stayUntil: z.string().optional(),
});
export type BookingCreated = z.output<typeof bookingCreatedSchema>;

/** The HH:mm a stay ends: `minutes` after `time` (past midnight the clock wraps, as guests read it). */
export function stayUntilOf(time: string, minutes: number): string {
  const m = (((minutesOf(time) + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
