import { z } from 'zod';
import { ADMIN_PARTY_SIZES, EVENT_TYPE_VALUES } from './business.js';
import { SEAT_CAPACITY_MAX } from './seating.js';
import { dateField, emailField, nameField, optionalText, phoneField, sizeField, slotRule, timeField, perDay } from './fields.js';
import { TEXT_LIMITS } from './limits.js';
import { staffContact, type StaffContactMode } from './staff-contact.js';
import { PUBLIC_PHONE_MESSAGE, type BookingClosure, type DetailsChange, type ReservationDetails } from './booking-core.js';
import { reservationSchemaOut } from './reservations.js';

/** Party bookings: a reservation with an event type that waits for an admin's decision. */
export const PARTY_PAST_MESSAGE = 'Party booking date cannot be in the past';
export const PARTY_BOOKING_NOT_FOUND = 'Party booking not found';
export const PARTY_BOOKING_EXISTS = 'This party booking already exists';
export const EVENT_TYPE_REQUIRED = 'Event type is required';
export const EVENT_TYPE_UNKNOWN = 'Please choose an event type from the list';
export const alreadyDecidedMessage = (status: 'approved' | 'rejected') =>
  `This party booking has already been ${status}; only the admin notes can be changed`;
/** The decision dialog of an approved party its guest made larger or moved: what each answer does. */
export const partyChangeWaitingMessage = (when: string, people: string) =>
  `The guest changed this approved party. Until you decide, the booking you approved (${when}, ${people}) keeps its seats: approving holds the new details, rejecting keeps it as approved.`;
export const PARTY_CHANGE_REJECTED_TOAST = 'Change rejected: the party stays approved as it was';

const eventTypeField = z
  .string({ error: EVENT_TYPE_REQUIRED })
  .trim()
  .min(1, { error: EVENT_TYPE_REQUIRED })
  .refine((v) => EVENT_TYPE_VALUES.includes(v), { error: EVENT_TYPE_UNKNOWN });

const ANY_PARTY_SIZE = Array.from({ length: SEAT_CAPACITY_MAX }, (_, i) => i + 1);

export const publicPartyBookingSchema = perDay((today, horizonDays) =>
  z
    .object({
      name: nameField(),
      email: emailField('Email is required', 'Please enter a valid email address'),
      phone: phoneField(PUBLIC_PHONE_MESSAGE),
      eventType: eventTypeField,
      // Any size a café could seat: the sizes taken online are the café's own (Business Info), checked by the server.
      partySize: sizeField(ANY_PARTY_SIZE),
      date: dateField({ today, pastMessage: PARTY_PAST_MESSAGE, horizonDays }),
      time: timeField(),
      specialRequests: optionalText('Special requests', TEXT_LIMITS.specialRequests),
    })
    .superRefine(slotRule),
);
export type PublicPartyBooking = z.output<ReturnType<typeof publicPartyBookingSchema>>;

/** The party edit dialog's fields; as a reservation's, the e-mail may be empty (staff-contact.ts). */
const adminPartyDetailsShape = (today: string | null, horizonDays: number | undefined, mode: StaffContactMode) => {
  const contact = staffContact(mode);
  const shape = {
    name: nameField(),
    ...contact.fields,
    eventType: eventTypeField,
    partySize: sizeField(ADMIN_PARTY_SIZES),
    date: dateField({ today, pastMessage: PARTY_PAST_MESSAGE, horizonDays }),
    time: timeField(),
    specialRequests: optionalText('Special requests', TEXT_LIMITS.specialRequests),
  };
  return { shape, check: contact.check };
};

export const adminPartyDetailsSchema = perDay((today, horizonDays) => {
  const { shape, check } = adminPartyDetailsShape(today, horizonDays, 'create');
  return z.intersection(z.object(shape).superRefine(slotRule), check);
});

/**
 * PATCH /api/party-bookings/{id}/details: as the edit dialog, each field optional (see
 * adminReservationPatchSchema). A public booking may hold a size the admin list lacks (12 guests): the
 * dialog re-sends it unchanged, so the admin size list applies only when the size changes, which
 * the server's decider checks against the stored booking (same message).
 */
export const adminPartyDetailsPatchSchema = perDay((today, horizonDays) => {
  const { shape, check } = adminPartyDetailsShape(today, horizonDays, 'change');
  const details = z
    .object({
      ...shape,
      partySize: z
        .number({ error: 'Party size is required' })
        .int({ error: 'Party size must be a whole number' })
        .min(1, { error: `Party size must be one of ${ADMIN_PARTY_SIZES.join(', ')}` }),
    })
    .partial()
    .superRefine(slotRule);
  return z.intersection(details, check);
});
export type AdminPartyDetailsPatch = z.output<ReturnType<typeof adminPartyDetailsPatchSchema>>;
export type AdminPartyDetails = z.output<ReturnType<typeof adminPartyDetailsSchema>>;

export const PARTY_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PartyStatus = (typeof PARTY_STATUSES)[number];

export const partyApprovalSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
  adminNotes: optionalText('Admin notes', TEXT_LIMITS.adminNotes),
});
export type PartyApproval = z.output<typeof partyApprovalSchema>;

/** A party booking is a reservation with an event type; it waits for an admin's decision. */
export interface PartyBookingDetails extends ReservationDetails {
  eventType: string;
}

/** Recorded with every decision: approvedBy is the deciding admin's e-mail. */
export interface PartyBookingDecision {
  partyBookingId: string;
  approvedBy: string;
  approvedAt: string;
  adminNotes?: string;
}

export type PartyBookingEvent =
  | { type: 'PartyBookingRequested'; data: PartyBookingDetails & { partyBookingId: string; source: 'public' | 'admin' } }
  | { type: 'PartyBookingDetailsChanged'; data: DetailsChange<PartyBookingDetails> & { partyBookingId: string } }
  | { type: 'PartyBookingApproved'; data: PartyBookingDecision }
  | { type: 'PartyBookingRejected'; data: PartyBookingDecision }
  | { type: 'PartyBookingNotesChanged'; data: { partyBookingId: string; adminNotes: string | null } }
  | { type: 'PartyBookingCancelled'; data: { partyBookingId: string; closure?: BookingClosure } }
  | { type: 'PartyBookingPersonalDataErased'; data: { partyBookingId: string; guestKey: string } }
  /**
   * The guest made an approved party larger or moved it (after its PartyBookingDetailsChanged, in the same
   * decision): it waits for staff again, and the booking they approved stays held on its day meanwhile.
   */
  | { type: 'PartyBookingReturnedToPending'; data: { partyBookingId: string; held: HeldPartyBooking } }
  /** Staff rejected a change waiting for them: the party is approved again as it was (`restored`). */
  | { type: 'PartyBookingChangeDeclined'; data: PartyChangeDecision };

/** The approved booking a guest's change left waiting for staff: what stays held until they decide. */
export interface HeldPartyBooking {
  date: string;
  time: string;
  partySize: number;
  approvedBy: string;
  approvedAt: string;
}

/** Staff rejected a guest's change to an approved party: the approved date, time and size come back. */
export interface PartyChangeDecision {
  partyBookingId: string;
  declinedBy: string;
  declinedAt: string;
  adminNotes?: string;
  restored: HeldPartyBooking;
}

export const PARTY_BOOKING_EVENT_TYPES = [
  'PartyBookingRequested',
  'PartyBookingDetailsChanged',
  'PartyBookingApproved',
  'PartyBookingRejected',
  'PartyBookingNotesChanged',
  'PartyBookingCancelled',
  'PartyBookingPersonalDataErased',
  'PartyBookingReturnedToPending',
  'PartyBookingChangeDeclined',
] as const;

export const partyBookingSchemaOut = reservationSchemaOut.extend({
  /** Older bookings may lack one: shown as eventTypeLabel 'Not specified'. */
  eventType: z.string().nullish(),
  eventTypeLabel: z.string(),
  status: z.enum(PARTY_STATUSES),
  adminNotes: z.string().nullish(),
  approvedBy: z.string().nullish(),
  approvedAt: z.string().nullish(),
  /**
   * Additive: a pending party that was approved before its guest made it larger or moved it. Its approved
   * date, time and size stay held until staff decide: approving holds the new details, rejecting keeps these.
   */
  heldAs: z.object({ date: z.string(), time: z.string(), partySize: z.number().int() }).nullish(),
});
export type PartyBookingOut = z.output<typeof partyBookingSchemaOut>;
