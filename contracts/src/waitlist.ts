import { z } from 'zod';
import { PUBLIC_PHONE_MESSAGE } from './booking-core.js';
import { PUBLIC_RESERVATION_SIZES } from './business.js';
import { dateField, emailField, nameField, optionalText, perDay, phoneField, sizeField } from './fields.js';
import { formatLongDate, formatTime12 } from './time.js';

/**
 * Two waitlists for tables. The evening waitlist: a guest turned away from a full date asks to hear when a
 * table frees up in a time window; offers go out one at a time, each held for a while. The door queue:
 * parties waiting at the door today, quoted a wait from the floor and told when their table is ready.
 */

export const WAITLIST_SIZES = Array.from({ length: 12 }, (_, i) => i + 1);
/** How long an offer is held for the guest (staff set it); on the day itself, at most this. */
export const DEFAULT_OFFER_HOLD_MINUTES = 30;
export const SAME_DAY_OFFER_HOLD_MINUTES = 10;
/** How long a party told "table ready" has to come to the host stand. */
export const DEFAULT_TABLE_READY_HOLD_MINUTES = 10;

export const WAITLIST_WINDOW_MESSAGE = 'The latest time must be after the earliest';
export const WAITLIST_PAST_MESSAGE = 'Waitlist date cannot be in the past';
export const WAITLIST_ENTRY_NOT_FOUND = 'This waitlist place was not found or has ended';
export const WAITLIST_ALREADY_ON = 'You are already on the waitlist for this date';
export const OFFER_NOT_FOUND = 'This offer was not found';
export const OFFER_TAKEN_MESSAGE = 'This offer was already taken';
export const OFFER_EXPIRED_MESSAGE = 'Sorry, this offer has expired. You are no longer on the waitlist for this date.';
export const OFFER_PASSED_MESSAGE = 'You passed on this offer';
export const QUEUE_CONTACT_MESSAGE = 'Please give a phone number or an e-mail address';
export const QUEUE_PARTY_NOT_FOUND = 'This party is no longer in the queue';
/** How staff's lists (the host view, the day's stays) name the seats or tables a live waitlist offer holds. */
export const OFFER_HOLD_LABEL = 'Held for the waitlist';
export const SMS_NOT_CONFIGURED = 'Text messages are not set up (SMS_API_URL): the message went by e-mail';

const clockTime = (message: string) => z.string({ error: message }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: message });

/** POST /api/waitlist: join the waitlist for a date, a window [from, to] of start times and a party size. */
export const waitlistJoinSchema = perDay((today, horizonDays) =>
  z
    .object({
      name: nameField(),
      email: emailField('Email is required', 'Please enter a valid email address'),
      phone: phoneField(PUBLIC_PHONE_MESSAGE),
      // A taken offer is booked through the public reservation path: the sizes it takes (2–10; larger: a party booking).
      partySize: sizeField(PUBLIC_RESERVATION_SIZES),
      date: dateField({ today, pastMessage: WAITLIST_PAST_MESSAGE, horizonDays }),
      from: clockTime('Please choose the earliest time'),
      to: clockTime('Please choose the latest time'),
    })
    .refine((v) => v.from <= v.to, { error: WAITLIST_WINDOW_MESSAGE, path: ['to'] }),
);
export type WaitlistJoinInput = z.input<ReturnType<typeof waitlistJoinSchema>>;
export type WaitlistJoin = z.output<ReturnType<typeof waitlistJoinSchema>>;

export const OFFER_STATUSES = ['offered', 'taken', 'passed', 'expired'] as const;
export const ENTRY_STATUSES = ['waiting', 'offered', 'booked', 'left', 'expired'] as const;

/** What the guest's waitlist page and POST /api/waitlist show: where they stand (1 = next to be offered). */
export const waitlistEntryOutSchema = z.object({
  id: z.string(),
  /** The signed link's token (only in the 201 answer and the mail): /waitlist/{token}. */
  token: z.string().optional(),
  name: z.string(),
  partySize: z.number().int(),
  date: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(ENTRY_STATUSES),
  /** Place among the date's waiting entries, null once it no longer waits. */
  position: z.number().int().nullable(),
  offer: z
    .object({
      token: z.string().optional(),
      time: z.string(),
      holdUntil: z.string(),
      status: z.enum(OFFER_STATUSES),
    })
    .nullable(),
  bookingId: z.string().nullable(),
});
export type WaitlistEntryOut = z.output<typeof waitlistEntryOutSchema>;

/** Staff's lists (Today, "Waitlist"): the evening waitlist of a date and the door queue of today. */
export const waitlistQuerySchema = z.object({
  date: z.string({ error: 'date is required (yyyy-MM-dd)' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be a date (yyyy-MM-dd)' }),
});

/** POST /api/admin/door-queue: a party at the door, in three taps. */
export const doorQueueAddSchema = z
  .object({
    name: nameField(),
    phone: z.string().trim().max(40).optional(),
    email: z.string().trim().max(254).optional(),
    partySize: sizeField(WAITLIST_SIZES),
    note: optionalText('Note', 200),
  })
  .refine((v) => !!(v.phone || v.email), { error: QUEUE_CONTACT_MESSAGE, path: ['phone'] });
export type DoorQueueAddInput = z.input<typeof doorQueueAddSchema>;
export type DoorQueueAdd = z.output<typeof doorQueueAddSchema>;

export const QUEUE_STATUSES = ['waiting', 'ready', 'seated', 'gone'] as const;
export const doorQueuePartyOutSchema = z.object({
  id: z.string(),
  name: z.string(),
  partySize: z.number().int(),
  note: z.string().nullable(),
  status: z.enum(QUEUE_STATUSES),
  /** ISO instant they were added. */
  addedAt: z.string(),
  /** Minutes quoted when added, and the estimate now. */
  quotedMinutes: z.number().int(),
  estimateMinutes: z.number().int(),
  /** 1-based place among those still waiting; null once ready, seated or gone. */
  position: z.number().int().nullable(),
  /** "Table ready" sent: held until this instant. */
  readyUntil: z.string().nullable(),
  tables: z.array(z.string()),
  /** Once seated: the walk-in booking they sit at. */
  bookingId: z.string().nullable().optional(),
  /** True when the estimate puts them past today's last seating: no table tonight (the minutes then mean nothing). */
  noTableTonight: z.boolean().optional(),
});
export type DoorQueuePartyOut = z.output<typeof doorQueuePartyOutSchema>;

/** The guest's page of their place in the queue: `${QUEUE_LINK_PATH}/{token}` (the web's /queue/:token). */
export const QUEUE_LINK_PATH = '/queue';

/** GET /api/admin/door-queue: today's parties in the order they came (waiting ones with their place). */
export const doorQueueOutSchema = z.object({
  date: z.string(),
  /** The server's clock as it answered (ISO): the staff's hold timers count down from it, not the device's clock. */
  now: z.string().optional(),
  parties: z.array(doorQueuePartyOutSchema),
});
export type DoorQueueOut = z.output<typeof doorQueueOutSchema>;

/** POST /api/admin/door-queue answers the party with its page's token and link (shown to staff, sent to the guest). */
export const doorQueueAddedSchema = doorQueuePartyOutSchema.extend({
  token: z.string(),
  link: z.string(),
  /** For staff when the guest's messages cannot go the way they gave (SMS_NOT_CONFIGURED): shown once, as a warning. */
  notice: z.string().optional(),
});

export const READY_HOLD_MESSAGE = 'Hold minutes must be a whole number from 1 to 60';
/** POST /api/admin/door-queue/{id}/ready: the tables staff have in mind (optional) and how long they are held. */
export const doorQueueReadySchema = z.object({
  tables: z.array(z.string().trim().min(1)).max(20).optional(),
  holdMinutes: z
    .number({ error: READY_HOLD_MESSAGE })
    .int({ error: READY_HOLD_MESSAGE })
    .min(1, { error: READY_HOLD_MESSAGE })
    .max(60, { error: READY_HOLD_MESSAGE })
    .optional(),
});

/** The guest's live page (/queue/{token}): never the phone or e-mail. */
export const doorQueueGuestOutSchema = doorQueuePartyOutSchema.omit({ note: true });

export const doorQueueSeatSchema = z.object({ tables: z.array(z.string().trim().min(1)).optional(), force: z.boolean().optional() });

// Messages to guests (mail subject and text, and the SMS text).
export const waitlistJoinedSubject = (date: string) => `You're on the waitlist for ${formatLongDate(date)}`;
export const offerSubject = (date: string, time: string) => `A table is free: ${formatLongDate(date)} at ${formatTime12(time)}`;
export const offerText = (date: string, time: string, partySize: number, holdUntilText: string) =>
  `A table for ${partySize} is free on ${formatLongDate(date)} at ${formatTime12(time)}. It is held for you until ${holdUntilText}.`;
export const queueJoinedSubject = (cafe: string) => `You're on the list at ${cafe}`;
export const tableReadySubject = (cafe: string) => `Your table at ${cafe} is ready`;
export const tableReadyText = (name: string, cafe: string, minutes: number) =>
  `${name}, your table at ${cafe} is ready. Please come to the host stand within ${minutes} minutes.`;
/** `minutes` null: the estimate is past the last seating, so no table tonight; 0: a table is free now. */
export const queueJoinedText = (name: string, cafe: string, minutes: number | null, link: string) =>
  `${name}, you're on the list at ${cafe}. ${
    minutes === null
      ? 'We are sorry: no table is likely to free up before our last seating tonight.'
      : minutes === 0
        ? 'A table is free for you now.'
        : `Estimated wait: about ${minutes} minutes.`
  } Your place: ${link}`;

// The evening waitlist's pages, answers and staff setting (services/src/waitlist).

/** The guest's page of their place: `${WAITLIST_LINK_PATH}/{token}` (the web's /waitlist/:token). */
export const WAITLIST_LINK_PATH = '/waitlist';
/** The guest's page of an offer (take or pass): `${OFFER_LINK_PATH}/{token}` (the web's /waitlist-offers/:token). */
export const OFFER_LINK_PATH = '/waitlist-offers';
export const OFFER_HOLD_MINUTES_MESSAGE = 'The offer hold must be a whole number of minutes from 5 to 240';
/** How long the mail says the offer is held: "7:30 PM" (the same day) or "Friday, December 11 at 7:30 PM". */
export const holdUntilText = (holdUntilLocalDate: string, holdUntilLocalTime: string, sameDay: boolean) =>
  sameDay ? formatTime12(holdUntilLocalTime) : `${formatLongDate(holdUntilLocalDate)} at ${formatTime12(holdUntilLocalTime)}`;

/** GET /api/waitlist-offers/{token}: the offer as the guest sees it. */
export const waitlistOfferOutSchema = z.object({
  id: z.string(),
  date: z.string(),
  time: z.string(),
  partySize: z.number().int(),
  /** ISO instant the hold ends. */
  holdUntil: z.string(),
  status: z.enum(OFFER_STATUSES),
  /** With a floor: the tables it holds. */
  tables: z.array(z.string()).optional(),
  /** Once taken: the reservation (its id is the offer's). */
  bookingId: z.string().nullable(),
});
export type WaitlistOfferOut = z.output<typeof waitlistOfferOutSchema>;

/** POST /api/waitlist-offers/{token}/claim: 201, the reservation made (its id is the offer's), with its tables on a floor. */
export const offerClaimedSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  tables: z.array(z.string()).optional(),
  stayUntil: z.string().optional(),
});

/** Staff's list of a date's evening waitlist: every entry in the order they joined, with their offer. */
export const adminWaitlistEntrySchema = waitlistEntryOutSchema.omit({ token: true }).extend({
  email: z.string(),
  phone: z.string(),
  joinedAt: z.string(),
  offer: z
    .object({
      id: z.string(),
      time: z.string(),
      holdUntil: z.string(),
      status: z.enum(OFFER_STATUSES),
      tables: z.array(z.string()).optional(),
    })
    .nullable(),
});
export const adminWaitlistOutSchema = z.object({
  date: z.string(),
  /** Minutes an offer is held (staff's setting; on the day itself at most SAME_DAY_OFFER_HOLD_MINUTES). */
  offerHoldMinutes: z.number().int(),
  entries: z.array(adminWaitlistEntrySchema),
});
export type AdminWaitlistOut = z.output<typeof adminWaitlistOutSchema>;

/** PUT /api/admin/waitlist/settings: how long an offer is held for the guest. */
export const waitlistSettingsSchema = z.object({
  offerHoldMinutes: z
    .number({ error: OFFER_HOLD_MINUTES_MESSAGE })
    .int({ error: OFFER_HOLD_MINUTES_MESSAGE })
    .min(5, { error: OFFER_HOLD_MINUTES_MESSAGE })
    .max(240, { error: OFFER_HOLD_MINUTES_MESSAGE }),
});
