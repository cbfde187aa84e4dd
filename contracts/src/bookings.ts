import { z } from 'zod';
import {
  ADMIN_PARTY_SIZES,
  ADMIN_RESERVATION_SIZES,
  EVENT_TYPE_VALUES,
  PUBLIC_PARTY_SIZES,
  PUBLIC_RESERVATION_SIZES,
} from './business.js';
import { dateField, emailField, optionalText, phoneField, requiredText, sizeField, slotRule, timeField } from './fields.js';

/**
 * Booking form schemas. Each is a factory taking "today" (yyyy-MM-dd in the café's zone) so the browser
 * and the server apply the very same rule; pass null to skip the not-in-the-past check.
 */
export const PUBLIC_PHONE_MESSAGE = 'Please enter a valid 10-digit phone number';
export const ADMIN_PHONE_INVALID = 'Invalid phone number';
export const ADMIN_PHONE_INCOMPLETE = 'Please enter a complete 10-digit phone number';
export const RESERVATION_PAST_MESSAGE = 'Reservation date cannot be in the past';
export const PARTY_PAST_MESSAGE = 'Party booking date cannot be in the past';

export const blockedDateMessage = (reason: string) => `Sorry, we are closed on this date: ${reason}`;

const eventTypeField = z
  .string({ error: 'Event type is required' })
  .trim()
  .min(1, { error: 'Event type is required' })
  .refine((v) => EVENT_TYPE_VALUES.includes(v), { error: 'Please choose an event type from the list' });

export function publicReservationSchema(today: string | null) {
  return z
    .object({
      name: requiredText('Name is required').pipe(z.string().max(120)),
      email: emailField('Email is required', 'Please enter a valid email address'),
      phone: phoneField(PUBLIC_PHONE_MESSAGE),
      partySize: sizeField(PUBLIC_RESERVATION_SIZES),
      date: dateField({ today, pastMessage: RESERVATION_PAST_MESSAGE }),
      time: timeField(),
      specialRequests: optionalText(),
    })
    .superRefine(slotRule);
}
export type PublicReservationInput = z.input<ReturnType<typeof publicReservationSchema>>;
export type PublicReservation = z.output<ReturnType<typeof publicReservationSchema>>;

/** Admin create and edit dialogs (SPEC.md §5): sizes 1–10 and the dialog's own messages. */
export function adminReservationSchema(today: string | null) {
  return z
    .object({
      name: requiredText('Name is required').pipe(z.string().max(120)),
      email: emailField('Email is required', 'Invalid email'),
      phone: phoneField(ADMIN_PHONE_INVALID, ADMIN_PHONE_INCOMPLETE),
      partySize: sizeField(ADMIN_RESERVATION_SIZES),
      date: dateField({ today, pastMessage: RESERVATION_PAST_MESSAGE }),
      time: timeField(),
      specialRequests: optionalText(),
    })
    .superRefine(slotRule);
}
export type AdminReservation = z.output<ReturnType<typeof adminReservationSchema>>;

export function publicPartyBookingSchema(today: string | null) {
  return z
    .object({
      name: requiredText('Name is required').pipe(z.string().max(120)),
      email: emailField('Email is required', 'Please enter a valid email address'),
      phone: phoneField(PUBLIC_PHONE_MESSAGE),
      eventType: eventTypeField,
      partySize: sizeField(PUBLIC_PARTY_SIZES),
      date: dateField({ today, pastMessage: PARTY_PAST_MESSAGE }),
      time: timeField(),
      specialRequests: optionalText(),
    })
    .superRefine(slotRule);
}
export type PublicPartyBooking = z.output<ReturnType<typeof publicPartyBookingSchema>>;

export function adminPartyDetailsSchema(today: string | null) {
  return z
    .object({
      name: requiredText('Name is required').pipe(z.string().max(120)),
      email: emailField('Email is required', 'Invalid email'),
      phone: phoneField(ADMIN_PHONE_INVALID, ADMIN_PHONE_INCOMPLETE),
      eventType: eventTypeField,
      partySize: sizeField(ADMIN_PARTY_SIZES),
      date: dateField({ today, pastMessage: PARTY_PAST_MESSAGE }),
      time: timeField(),
      specialRequests: optionalText(),
    })
    .superRefine(slotRule);
}
export type AdminPartyDetails = z.output<ReturnType<typeof adminPartyDetailsSchema>>;

export const PARTY_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PartyStatus = (typeof PARTY_STATUSES)[number];

export const partyApprovalSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
  adminNotes: optionalText(),
});
export type PartyApproval = z.output<typeof partyApprovalSchema>;

export const blockedDateSchema = z.object({
  date: dateField({ today: null, pastMessage: '' }),
  reason: requiredText('Reason is required').pipe(z.string().max(200)),
});
export type BlockedDateInput = z.output<typeof blockedDateSchema>;

/** Responses. */
export const blockedDateSchemaOut = z.object({ id: z.string(), date: z.string(), reason: z.string() });
export type BlockedDate = z.output<typeof blockedDateSchemaOut>;

export const createdSchema = z.object({ id: z.string(), version: z.number().int().optional() });
