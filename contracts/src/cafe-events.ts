import { z } from 'zod';
import { DateTime } from 'luxon';
import { requiredText } from './fields.js';
import { cafeInstant, formatTime12, isIsoDate, to24Hour } from './time.js';
import { clearableText, flagField, urlOrEmpty } from './content-fields.js';
import { DEFAULT_TIME_ZONE } from './business.js';
import { TEXT_LIMITS, tooLongMessage } from './limits.js';
import { EVENT_REPEATS, type EventRepeat } from './event-sign-ups.js';
import { HOLDING_MINUTES_OPTIONS, SEAT_CAPACITY_MAX } from './seating.js';
import { FLOOR_LIMITS } from './floor.js';

/**
 * Café events (game nights, tournaments), in two readings: the admin form's
 * (title, description, event_date, event_time, location, price, max_attendees, image_url) and the
 * stored form's (startsAt, endsAt, isVisible, isFeatured). Both are accepted and both are returned.
 */
export const EVENT_TITLE_REQUIRED = 'Event title is required';
export const EVENT_DATE_REQUIRED = 'Event date is required';
export const EVENT_TIME_INVALID = "Please enter a time such as 19:00 or '7:00 PM'";

const title = requiredText(EVENT_TITLE_REQUIRED).pipe(
  z.string().max(TEXT_LIMITS.name, { error: tooLongMessage('Event title', TEXT_LIMITS.name) }),
);
const eventDate = requiredText(EVENT_DATE_REQUIRED).refine(isIsoDate, {
  error: 'Please enter a valid date (yyyy-MM-dd)',
});

/** 'h:mm AM/PM' or 'HH:mm' in, 'HH:mm' out; '' or null clears it. */
/**
 * Optional text read into another form: absent stays absent (a change leaves it), empty clears it (null),
 * anything else is read by `read`, and refused with `invalid` when it cannot be.
 */
function clearableReading<T>(required: string, invalid: string, read: (text: string) => T | null) {
  return z
    .string({ error: required })
    .trim()
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (!v) return null;
      const value = read(v);
      if (value !== null) return value;
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    });
}

const eventTime = clearableReading(EVENT_TIME_INVALID, EVENT_TIME_INVALID, to24Hour);

/** Free text ('$10', 'Free') or a number; kept as text. */
const eventPrice = z
  .union(
    [
      z
        .string()
        .trim()
        .max(TEXT_LIMITS.eventPrice, { error: tooLongMessage('Price', TEXT_LIMITS.eventPrice) }),
      z.number().min(0, { error: 'Price cannot be negative' }),
    ],
    {
      error: 'Please enter a price',
    },
  )
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : typeof v === 'number' ? String(v) : v));

const maxAttendees = z
  .union([z.number(), z.literal(''), z.null()], { error: 'Max attendees must be a whole number' })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === '' || v === null) return null;
    if (!Number.isInteger(v) || v < 1 || v > 100_000) {
      ctx.addIssue({ code: 'custom', message: 'Max attendees must be a whole number of at least 1' });
      return z.NEVER;
    }
    return v;
  });

export const EVENT_SEATS_MESSAGE = `Seats used must be a whole number from 0 to ${SEAT_CAPACITY_MAX}`;
export const EVENT_LENGTH_MESSAGE = 'Length must be between 30 minutes and 8 hours, in 30-minute steps';
/** The event dialog's hints: what an empty "Uses seats" and "Length" mean. */
export const EVENT_SEATS_HINT = "Empty: as many as its places taken. 0: it is held in another room and takes none of the café's seats.";
export const EVENT_LENGTH_HINT = 'How long it holds its seats. Empty: until it ends, or the table-holding time.';

/** A whole number within bounds, '' or null clears it (null), absent leaves it. */
const optionalCount = (message: string, ok: (n: number) => boolean) =>
  z
    .union([z.number(), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === '' || v === null) return null;
      if (ok(v)) return v;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/** "Uses N seats": a fixed number of the café's seats the event holds (0: another room); null: its places taken. */
const usesSeats = optionalCount(EVENT_SEATS_MESSAGE, (n) => Number.isInteger(n) && n >= 0 && n <= SEAT_CAPACITY_MAX);
/** How long from its time the event holds its seats; null: until endsAt, or the café's table-holding time. */
const lengthMinutes = optionalCount(EVENT_LENGTH_MESSAGE, (n) => HOLDING_MINUTES_OPTIONS.includes(n));

/** The event dialog's floor picker: an area, or tables, it takes for its time (with a floor). */
export const EVENT_FLOOR_HINT = 'With a floor: the area or tables it takes for its time; no booking gets them then.';
export const EVENT_AREA_OR_TABLES_MESSAGE = 'Choose an area or tables for the event, not both';
export const EVENT_TABLE_NAME_MESSAGE = `Table names must be 1 to ${FLOOR_LIMITS.name} characters`;
export const eventAreaUnknownMessage = (area: string) => `There is no area “${area}” on the floor.`;
export const eventTableUnknownMessage = (table: string) => `There is no table “${table}” on the floor.`;
/**
 * An event's tables could not be held (staff scheduling or changing it): bookings or another event sit at
 * them during its time. 409 with the fully-booked code, as an event's seats are refused.
 */
export const eventTablesTakenMessage = (dateText: string, time: string, tables: string[]) =>
  `${tables.length > 1 ? 'Tables' : 'Table'} ${tables.join(', ')} ${tables.length > 1 ? 'are' : 'is'} booked on ${dateText} at ${formatTime12(time)}. Choose other tables, another area or another time.`;

/** An area's name; '' or null: none (absent leaves it). */
const eventArea = z
  .string({ error: EVENT_TABLE_NAME_MESSAGE })
  .trim()
  .max(FLOOR_LIMITS.name, { error: EVENT_TABLE_NAME_MESSAGE })
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v : null));
/** Table names; [] or null: none (absent leaves them). */
const eventTables = z
  .array(
    z
      .string({ error: EVENT_TABLE_NAME_MESSAGE })
      .trim()
      .min(1, { error: EVENT_TABLE_NAME_MESSAGE })
      .max(FLOOR_LIMITS.name, { error: EVENT_TABLE_NAME_MESSAGE }),
    {
      error: 'Tables must be a list of table names',
    },
  )
  .max(FLOOR_LIMITS.tables)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v && v.length ? [...new Set(v)] : null));
const oneOfAreaOrTables = (e: { area?: string | null; tables?: string[] | null }) => !(e.area && e.tables);

/** 'weekly' | 'monthly'; 'none', '' or null: a single date. */
const eventRepeat = z
  .union([z.enum(EVENT_REPEATS), z.literal('none'), z.literal(''), z.null()], { error: 'Please choose how the event repeats' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'none' || v === '' || v === null ? null : v));

const isoInstant = clearableReading('Please enter a date and time', 'Please enter a valid date and time', (v) => {
  const dt = DateTime.fromISO(v, { setZone: true });
  return dt.isValid ? dt.toUTC().toISO() : null;
});

const fields = {
  title,
  description: clearableText('Description', TEXT_LIMITS.description),
  event_date: eventDate,
  event_time: eventTime,
  location: clearableText('Location', TEXT_LIMITS.location),
  price: eventPrice,
  max_attendees: maxAttendees,
  image_url: urlOrEmpty(),
  endsAt: isoInstant,
  isVisible: flagField('Visible'),
  isFeatured: flagField('Featured'),
  repeat: eventRepeat,
  uses_seats: usesSeats,
  length_minutes: lengthMinutes,
  area: eventArea,
  tables: eventTables,
};

export const cafeEventSchema = z
  .object({
    ...fields,
    isVisible: fields.isVisible.default(true),
    isFeatured: fields.isFeatured.default(false),
  })
  .refine(oneOfAreaOrTables, { error: EVENT_AREA_OR_TABLES_MESSAGE, path: ['tables'] });
export type CafeEventInput = z.input<typeof cafeEventSchema>;
export type CafeEventFields = z.output<typeof cafeEventSchema>;

export const cafeEventUpdateSchema = z
  .object({
    title: title.optional(),
    description: fields.description,
    event_date: eventDate.optional(),
    event_time: fields.event_time,
    location: fields.location,
    price: fields.price,
    max_attendees: fields.max_attendees,
    image_url: fields.image_url,
    endsAt: fields.endsAt,
    isVisible: fields.isVisible.optional(),
    isFeatured: fields.isFeatured.optional(),
    repeat: fields.repeat,
    uses_seats: fields.uses_seats,
    length_minutes: fields.length_minutes,
    area: fields.area,
    tables: fields.tables,
  })
  .refine(oneOfAreaOrTables, { error: EVENT_AREA_OR_TABLES_MESSAGE, path: ['tables'] });
export type CafeEventChanges = z.output<typeof cafeEventUpdateSchema>;

/**
 * The stored reading as input: a body with startsAt (an instant) and no event_date is read as the
 * café-local date and time of that instant, so both readings go through one schema.
 */
export function withFormDate(body: unknown, zone: string = DEFAULT_TIME_ZONE): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  if (b.event_date !== undefined || typeof b.startsAt !== 'string') return body;
  const dt = DateTime.fromISO(b.startsAt, { setZone: true });
  if (!dt.isValid) return body;
  const local = dt.setZone(zone);
  const { startsAt: _s, ...rest } = b;
  return { ...rest, event_date: local.toISODate(), event_time: b.event_time ?? local.toFormat('HH:mm') };
}

/** startsAt is derived: the café-local date and time as an instant; null while the time is unknown. */
export function eventStartsAt(date: string, time: string | null, zone: string = DEFAULT_TIME_ZONE): string | null {
  if (!time) return null;
  return cafeInstant(date, time, zone).toISOString();
}

export const cafeEventOut = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  event_date: z.string(),
  event_time: z.string().nullable(),
  location: z.string().nullable(),
  price: z.string().nullable(),
  max_attendees: z.number().nullable(),
  image_url: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  isVisible: z.boolean(),
  isFeatured: z.boolean(),
  /** Additive: a weekly or monthly event; each date is its own occurrence with its own places. */
  repeat: z.enum(EVENT_REPEATS).nullable(),
  /** The café's seats it holds at its time: null for its places taken, 0 for another room. */
  uses_seats: z.number().int().nullable(),
  /** How long it holds them (minutes from its time); null: until endsAt, or the table-holding time. */
  length_minutes: z.number().int().nullable(),
  /** With a floor: the area it takes for its time (every table in it), or null. */
  area: z.string().nullable(),
  /** With a floor: the tables it takes for its time, or null. */
  tables: z.array(z.string()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CafeEvent = z.output<typeof cafeEventOut>;

export const CAFE_EVENT_NOT_FOUND = 'Event not found';
export const ENDS_BEFORE_START = 'The event must end after it starts';

/** What a café event is, in the events' own (camelCase) words; the API gives both SPEC readings. */
export interface CafeEventData {
  title: string;
  description: string | null;
  /** yyyy-MM-dd, café-local. */
  date: string;
  /** HH:mm, café-local; null when not given. */
  time: string | null;
  location: string | null;
  price: string | null;
  maxAttendees: number | null;
  imageUrl: string | null;
  /** Derived from date and time in the café's zone when decided (ISO instant), null without a time. */
  startsAt: string | null;
  endsAt: string | null;
  isVisible: boolean;
  isFeatured: boolean;
  /** Absent on events scheduled before repetition existed, and on single-date ones. */
  repeat?: EventRepeat | null;
  /** Seats held at its time: absent or null, its places taken; a number (0: another room), that many. */
  usesSeats?: number | null;
  /** Minutes from its time it holds them; absent or null, until endsAt or the café's table-holding time. */
  lengthMinutes?: number | null;
  /** With a floor: the area whose tables it takes for its time; absent or null, none. */
  area?: string | null;
  /** With a floor: the tables it takes for its time; absent or null, none. */
  tables?: string[] | null;
}

/**
 * The tables an event takes on a floor: its own, or every table of its area, as the floor names them now
 * (a table since removed is left out); [] when it takes none or the café has no floor.
 */
export function eventTablesOn(
  event: Pick<CafeEventData, 'area' | 'tables'>,
  floor: { areas: { name: string; tables: { name: string }[] }[] } | null,
): string[] {
  if (!floor) return [];
  const known = floor.areas.flatMap((a) => a.tables.map((t) => t.name));
  if (event.area) {
    const area = floor.areas.find((a) => a.name.toLowerCase() === event.area!.toLowerCase());
    return area ? area.tables.map((t) => t.name) : [];
  }
  return (event.tables ?? []).flatMap((name) => known.filter((k) => k.toLowerCase() === name.toLowerCase()));
}

/**
 * How long an event holds the café's seats from its time: the length staff set, else from its start to
 * its end, else the café's table-holding time (as a table would).
 */
export function eventSeatMinutes(event: Pick<CafeEventData, 'startsAt' | 'endsAt' | 'lengthMinutes'>, holdingMinutes: number): number {
  if (event.lengthMinutes) return event.lengthMinutes;
  if (event.startsAt && event.endsAt) return Math.max(1, Math.round((Date.parse(event.endsAt) - Date.parse(event.startsAt)) / 60_000));
  return holdingMinutes;
}

export type CafeEventEvent =
  | { type: 'CafeEventScheduled'; data: CafeEventData & { eventId: string } }
  | { type: 'CafeEventUpdated'; data: Partial<CafeEventData> & { eventId: string } }
  | { type: 'CafeEventRemoved'; data: { eventId: string } };
