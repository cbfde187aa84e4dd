import { z } from 'zod';
import { emailField } from './fields.js';

/**
 * A guest's personal data and its erasure on request (`npm run ops -- forget <email>`, the dashboard's
 * Privacy action). The fields below are stored encrypted with a per-guest key; forgetting the guest
 * deletes the key (crypto-shredding) and records one erasure event per booking, on which every read
 * model blanks them. Counts, dates, times and sizes stay.
 */

/**
 * Every event type that carries a guest's personal data: which fields, and which of them is the e-mail
 * address that names the guest (and so the key). Events without the e-mail field (an edit of the phone)
 * use the key of the stream's guest.
 */
export const PERSONAL_DATA_EVENTS: Readonly<Record<string, { email: string; fields: readonly string[] }>> = {
  ReservationRequested: { email: 'email', fields: ['name', 'email', 'phone', 'specialRequests'] },
  ReservationChanged: { email: 'email', fields: ['name', 'email', 'phone', 'specialRequests'] },
  PartyBookingRequested: { email: 'email', fields: ['name', 'email', 'phone', 'specialRequests'] },
  PartyBookingDetailsChanged: { email: 'email', fields: ['name', 'email', 'phone', 'specialRequests'] },
  // A game night's sign-up (cafe-events).
  EventSignedUp: { email: 'email', fields: ['name', 'email', 'phone'] },
  // The mail reactor's and the reminders' claims name the recipient.
  NotificationClaimed: { email: 'to', fields: ['to'] },
  ReminderClaimed: { email: 'to', fields: ['to'] },
  // A mail server's refusal quotes the recipient ("<jane@…>: Recipient address rejected"). Sealed with
  // the claim's key rather than redacted: staff keep the server's whole reason while the guest is
  // known, no pattern has to guess every way a server may quote them, and forgetting the guest
  // erases it with the rest. Plain ones written before this are found and rewritten by `forget`. A first
  // attempt's claim is batched without the address, so its failure names the recipient itself (`to`).
  NotificationFailed: { email: 'to', fields: ['to', 'error'] },
  // Open tables: the host's first name (sealed with the host's key, erased with their reservation) and a joiner's request.
  TableOpened: { email: 'hostEmail', fields: ['hostEmail', 'hostFirstName'] },
  JoinRequested: { email: 'email', fields: ['name', 'email'] },
  // A party at the door (door-queue): its contact and the host's note. A party without an e-mail is sealed
  // under a key of its own stream's (as a walk-in), never under another guest's.
  PartyQueued: { email: 'email', fields: ['name', 'email', 'phone', 'note'] },
  // A guest on a date's evening waitlist (waitlist): their contact, on the entry's own stream.
  WaitlistJoined: { email: 'email', fields: ['name', 'email', 'phone'] },
  // A sign-in's profile (staff, or a guest who tried the staff sign-in): the users read model and the audit trail.
  UserSignedIn: { email: 'email', fields: ['email', 'firstName', 'lastName', 'profileImageUrl'] },
};

/**
 * Recorded on each booking of a forgotten guest (each declared with its slice's events); `guestKey` is the
 * keyed hash the key was filed under.
 */
export const PERSONAL_DATA_ERASED_TYPES = [
  'ReservationPersonalDataErased',
  'PartyBookingPersonalDataErased',
  'JoinerPersonalDataErased',
  'UserPersonalDataErased',
  'EventSignUpPersonalDataErased',
  'DoorQueuePersonalDataErased',
  'WaitlistPersonalDataErased',
] as const;

/** The booking history's entry, and the name every list shows for an erased guest. */
export const PERSONAL_DATA_ERASED = 'Personal data erased';

/** What an erased field reads as: in the read models after the erasure event, and in the event log once the key is gone. */
export function erasedValue(field: string): string | undefined {
  if (field === 'name') return PERSONAL_DATA_ERASED;
  if (field === 'specialRequests') return undefined;
  return '';
}

/** The details of a booking with the guest's personal data blanked (read models, on the erasure event). */
export function withoutPersonalData<T extends object>(details: T): T {
  const next = { ...details } as Record<string, unknown>;
  for (const field of PERSONAL_DATA_EVENTS.ReservationRequested!.fields) {
    const value = erasedValue(field);
    if (value === undefined) delete next[field];
    else if (field in next) next[field] = value;
  }
  return next as T;
}

/** One guest is one e-mail address, compared case-insensitively. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export const FORGET_EMAIL_REQUIRED = 'Email is required';
export const FORGET_EMAIL_INVALID = 'Please enter a valid email address';
export const FORGET_NOTHING_FOUND = 'No bookings found for this e-mail address';

/** POST /api/admin/privacy/forget and `ops forget`. */
export const forgetGuestSchema = z.object({ email: emailField(FORGET_EMAIL_REQUIRED, FORGET_EMAIL_INVALID) });
export type ForgetGuest = z.output<typeof forgetGuestSchema>;

export const forgetResultSchema = z.object({
  /** Bookings whose personal data was erased now (already erased ones are not counted again). */
  reservations: z.number().int(),
  partyBookings: z.number().int(),
  /** Whether a key existed and was deleted. */
  keyDeleted: z.boolean(),
  /** Events written before encryption that held the guest's data in plain text and were rewritten (embedded store). */
  legacyEventsRewritten: z.number().int(),
  /** Such events the store cannot rewrite (EventStoreDB is append-only). */
  legacyEventsLeft: z.number().int(),
  /** .eml files addressed to the guest removed from the embedded outbox. */
  outboxFilesRemoved: z.number().int(),
  /** Other records of the guest erased now, by kind (a feature's GuestEraser: event sign-ups, open tables, …). */
  records: z.record(z.string(), z.number().int()).optional(),
});
export type ForgetResult = z.output<typeof forgetResultSchema>;
