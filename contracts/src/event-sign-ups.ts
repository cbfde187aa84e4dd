import { z } from 'zod';
import { addDays, isIsoDate, weekdayOf } from './time.js';
import { emailField, nameField, phoneField, requiredText, sizeField } from './fields.js';
import { PUBLIC_PHONE_MESSAGE, type BookingClosure } from './booking-core.js';

/**
 * Game nights: an event with a capacity (SPEC's max_attendees) takes sign-ups per occurrence (each date
 * of a weekly or monthly event is its own), a full occurrence keeps a waitlist in order, and a
 * cancellation promotes the first waitlisted sign-up that fits.
 */

export const EVENT_REPEATS = ['weekly', 'monthly'] as const;
export type EventRepeat = (typeof EVENT_REPEATS)[number];
export const EVENT_REPEAT_LABELS: Record<EventRepeat | 'none', string> = {
  none: 'Does not repeat',
  weekly: 'Every week',
  monthly: 'Every month (same weekday)',
};

/** How many dates ahead a repeating event lists, takes sign-ups for and puts in the calendar feed. */
export const OCCURRENCES_AHEAD = 6;

export const SIGN_UP_PLACES = [1, 2, 3, 4] as const;

/**
 * An event's dates from `from` on, at most `count`: the first date, then every 7 days (weekly) or the
 * same weekday of each later month (monthly: the 2nd Saturday stays the 2nd Saturday; a 5th weekday
 * skips the months without one).
 */
export function occurrenceDates(first: string, repeat: EventRepeat | null | undefined, from: string, count = OCCURRENCES_AHEAD): string[] {
  if (!repeat) return first >= from ? [first] : [];
  const dates: string[] = [];
  if (repeat === 'weekly') {
    let date = first;
    if (date < from) date = addDays(first, Math.ceil(daysBetween(first, from) / 7) * 7);
    for (; dates.length < count; date = addDays(date, 7)) dates.push(date);
    return dates;
  }
  const nth = Math.ceil(Number(first.slice(8, 10)) / 7);
  const weekday = weekdayOf(first);
  // Start at `from`'s month (or the first's, if later) and bound the walk from there, not from the first:
  // a 5th weekday is in at least one month of any four, so 4 months a date is plenty.
  const start = first > from ? first : from;
  let [year, month] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  for (let guard = 0; dates.length < count && guard < count * 4 + 4; guard++) {
    const date = nthWeekday(year, month, weekday, nth);
    if (date && date >= first && date >= from) dates.push(date);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return dates;
}

/** Whether `date` is one of the event's dates at all, however far from today (no bound). */
export function isEventDate(first: string, repeat: EventRepeat | null | undefined, date: string): boolean {
  if (!repeat) return date === first;
  if (date < first) return false;
  if (repeat === 'weekly') return daysBetween(first, date) % 7 === 0;
  return weekdayOf(date) === weekdayOf(first) && Math.ceil(Number(date.slice(8, 10)) / 7) === Math.ceil(Number(first.slice(8, 10)) / 7);
}

/** Whether `date` is one of the event's dates a visitor may sign up for now. */
export const isOccurrenceOf = (first: string, repeat: EventRepeat | null | undefined, date: string, today: string) =>
  occurrenceDates(first, repeat, today).includes(date);

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

function nthWeekday(year: number, month: number, weekday: number, nth: number): string | null {
  const firstOfMonth = `${year}-${String(month).padStart(2, '0')}-01`;
  const offset = (weekday - weekdayOf(firstOfMonth) + 7) % 7;
  const date = addDays(firstOfMonth, offset + (nth - 1) * 7);
  return date.slice(5, 7) === firstOfMonth.slice(5, 7) ? date : null;
}

// Messages, once.
export const SIGN_UP_DATE_REQUIRED = 'Please choose a date';
export const SIGN_UP_NOT_OPEN = 'This event does not take sign-ups';
export const SIGN_UP_NOT_A_DATE = 'This event does not take place on that date';
export const SIGN_UP_NOT_FOUND = 'Sign-up not found';
export const SIGN_UP_ALREADY_CANCELLED = 'This sign-up was already cancelled';
export const SIGN_UP_CHECK_IN_NOT_CONFIRMED = 'Only a confirmed sign-up can be checked in';
export const SIGN_UP_CONFIRMED_TITLE = "You're signed up!";
export const SIGN_UP_WAITLISTED_TITLE = "You're on the waitlist";
export const SIGN_UP_CANCELLED_NOTICE = 'Your sign-up was cancelled.';
/** A sign-up link that opens nothing says so in its own words (not the booking link's). */
export const SIGN_UP_LINK_INVALID = 'This sign-up link is not valid. Please use the link from your sign-up e-mail.';
export const SIGN_UP_LINK_EXPIRED = 'This sign-up link has expired: the event date has passed.';

export const eventSignUpSchema = z.object({
  date: requiredText(SIGN_UP_DATE_REQUIRED).refine(isIsoDate, { error: SIGN_UP_DATE_REQUIRED }),
  name: nameField(),
  email: emailField('Email is required', 'Please enter a valid email address'),
  phone: phoneField(PUBLIC_PHONE_MESSAGE),
  places: sizeField(SIGN_UP_PLACES, 'Places'),
});
export type EventSignUpInput = z.input<typeof eventSignUpSchema>;
export type EventSignUpFields = z.output<typeof eventSignUpSchema>;

export const SIGN_UP_STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const;
export type SignUpStatus = (typeof SIGN_UP_STATUSES)[number];

/** POST /api/events/{id}/sign-ups answers where the guest stands. */
export const eventSignUpResultSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  date: z.string(),
  places: z.number().int(),
  status: z.enum(['confirmed', 'waitlisted']),
  /** 1 for the first on the waitlist; null when confirmed. */
  waitlistPosition: z.number().int().nullable(),
});
export type EventSignUpResult = z.output<typeof eventSignUpResultSchema>;

/** One date of an event as the public page shows it: places left and how many wait. */
export const eventOccurrenceSchema = z.object({
  eventId: z.string(),
  date: z.string(),
  time: z.string().nullable(),
  capacity: z.number().int(),
  placesTaken: z.number().int(),
  placesLeft: z.number().int(),
  /** Sign-ups on the waitlist. */
  waitlist: z.number().int(),
});
export type EventOccurrence = z.output<typeof eventOccurrenceSchema>;

/** A sign-up as staff see it. */
export const eventSignUpOutSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  date: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  places: z.number().int(),
  status: z.enum(SIGN_UP_STATUSES),
  waitlistPosition: z.number().int().nullable(),
  checkedInAt: z.string().nullable(),
  signedUpAt: z.string(),
});
export type EventSignUpOut = z.output<typeof eventSignUpOutSchema>;

/** GET /api/admin/events/{id}/occurrences/{date}: the attendees and the waitlist, in order. */
export const occurrenceSignUpsSchema = eventOccurrenceSchema.extend({
  attendees: z.array(eventSignUpOutSchema),
  waitlisted: z.array(eventSignUpOutSchema),
});
export type OccurrenceSignUps = z.output<typeof occurrenceSignUpsSchema>;

/** The guest's own sign-up through the link of its e-mails. */
export const guestSignUpSchema = z.object({
  id: z.string(),
  eventTitle: z.string(),
  date: z.string(),
  time: z.string().nullable(),
  location: z.string().nullable(),
  name: z.string(),
  places: z.number().int(),
  status: z.enum(SIGN_UP_STATUSES),
  waitlistPosition: z.number().int().nullable(),
});
export type GuestSignUp = z.output<typeof guestSignUpSchema>;

/** The page the confirmation's cancel link opens. */
export const SIGN_UP_LINK_PATH = '/my-event-sign-up';

export interface SignUpRef {
  signUpId: string;
  eventId: string;
  date: string;
}

/** On the sign-up's own stream, eventSignUp-<id>. EventSignedUp carries personal data (sealed). */
export type EventSignUpEvent =
  | {
      type: 'EventSignedUp';
      data: SignUpRef & { name: string; email: string; phone: string; places: number; status: 'confirmed' | 'waitlisted' };
    }
  | { type: 'EventSignUpPromoted'; data: SignUpRef }
  /** `closure`: staff closed the café that day and cancelled it with the closure (its mail says why). */
  | { type: 'EventSignUpCancelled'; data: SignUpRef & { by: 'guest' | 'staff'; was: 'confirmed' | 'waitlisted'; closure?: BookingClosure } }
  | { type: 'EventSignUpCheckedIn'; data: SignUpRef }
  | { type: 'EventSignUpPersonalDataErased'; data: { signUpId: string; guestKey: string } };

/** On the occurrence's stream, eventOccurrence-<eventId>-<date>: the places, the authority under concurrency. */
export type EventOccurrenceEvent =
  | { type: 'EventPlacesTaken'; data: SignUpRef & { places: number } }
  | { type: 'EventWaitlistJoined'; data: SignUpRef & { places: number } }
  | { type: 'EventPlacesReleased'; data: SignUpRef & { places: number; from: 'confirmed' | 'waitlisted' } }
  | { type: 'EventWaitlistPromoted'; data: SignUpRef & { places: number } };

export const EVENT_SIGN_UP_EVENT_TYPES = [
  'EventSignedUp',
  'EventSignUpPromoted',
  'EventSignUpCancelled',
  'EventSignUpCheckedIn',
  'EventSignUpPersonalDataErased',
] as const;
export const EVENT_OCCURRENCE_EVENT_TYPES = [
  'EventPlacesTaken',
  'EventWaitlistJoined',
  'EventPlacesReleased',
  'EventWaitlistPromoted',
] as const;
