import { z } from 'zod';
import { ADMIN_RESERVATION_SIZES } from './business.js';
import { sizeField } from './fields.js';
import { TEXT_LIMITS, tooLongMessage } from './limits.js';
import { cafeTimeOfDay, isIsoDate } from './time.js';
import { FLOOR_LIMITS } from './floor.js';

/**
 * A staff member's day: whether each booking's guests came (arrival status), walk-ins, and a guest's
 * record of visits. Arrival is marked on the booking's own stream (reservation or party), so it is
 * decided with the booking's state (a cancelled booking or a pending party cannot arrive).
 */
export const ARRIVAL_STATUSES = ['expected', 'arrived', 'seated', 'finished', 'no-show'] as const;
export type ArrivalStatus = (typeof ARRIVAL_STATUSES)[number];

export const ARRIVAL_LABELS: Record<ArrivalStatus, string> = {
  expected: 'Expected',
  arrived: 'Arrived',
  seated: 'Seated',
  finished: 'Finished',
  'no-show': 'No-show',
};

/**
 * Where a status may go from each status: forward through the visit, and back one step to undo a
 * slip of the finger. 'expected' is "not marked yet".
 */
export const ARRIVAL_NEXT: Record<ArrivalStatus, readonly ArrivalStatus[]> = {
  expected: ['arrived', 'seated', 'no-show'],
  arrived: ['seated', 'expected', 'no-show'],
  seated: ['finished', 'arrived', 'expected'],
  finished: ['seated'],
  'no-show': ['expected', 'arrived', 'seated'],
};

export const ARRIVAL_STATUS_MESSAGE = 'Status must be one of: expected, arrived, seated, finished, no-show';
export const ARRIVAL_BEFORE_DAY_MESSAGE = 'Arrivals can be marked only on or after the day of the booking';
export const ARRIVAL_PARTY_NOT_APPROVED = 'Only an approved party booking can be marked arrived';
export const arrivalAlreadyMessage = (status: ArrivalStatus) => `This booking is already marked ${ARRIVAL_LABELS[status].toLowerCase()}`;
export const arrivalTransitionMessage = (from: ArrivalStatus, to: ArrivalStatus) =>
  `A booking marked ${ARRIVAL_LABELS[from].toLowerCase()} cannot be marked ${ARRIVAL_LABELS[to].toLowerCase()}`;

/** PATCH /api/admin/{reservations|party-bookings}/{id}/arrival (If-Match optional). */
export const markArrivalSchema = z.object({
  status: z.enum(ARRIVAL_STATUSES, { error: ARRIVAL_STATUS_MESSAGE }),
});
export const arrivalMarkedSchema = z.object({ id: z.string(), status: z.enum(ARRIVAL_STATUSES), version: z.number().int() });

/** On the booking's stream. `walkIn`: recorded with the walk-in's own booking, in the same append. */
export interface ArrivalMarkedData {
  status: ArrivalStatus;
  from: ArrivalStatus;
  walkIn?: true;
}
export type ReservationArrivalEvent = { type: 'ReservationArrivalMarked'; data: ArrivalMarkedData & { reservationId: string } };
export type PartyBookingArrivalEvent = { type: 'PartyBookingArrivalMarked'; data: ArrivalMarkedData & { partyBookingId: string } };
export const ARRIVAL_EVENT_TYPES = ['ReservationArrivalMarked', 'PartyBookingArrivalMarked'] as const;

/** What a walk-in is called when staff give no name. */
export const WALK_IN_NAME = 'Walk-in';
export const WALK_IN_CLOSED_MESSAGE = 'Walk-ins can be added only while the café is open and seating guests';
export const walkInFullMessage = (size: number) =>
  `No room for ${size} ${size === 1 ? 'guest' : 'guests'} now: the café is fully booked at this time`;

export const WALK_IN_TABLES_MESSAGE = 'Tables must be a list of table names';

/**
 * POST /api/admin/walk-ins: "Walk-in" → size → Add. The time is now in the café's zone. With a floor,
 * `tables` (a free table tapped on the host view) seats it there for its stay: a table that is not free
 * then, or does not fit the party, is refused (409, code 'table-rule') unless `force` (staff saw the
 * warning); without `tables` it gets the best free table (staff: any table).
 */
export const walkInSchema = z.object({
  partySize: sizeField(ADMIN_RESERVATION_SIZES),
  name: z
    .string({ error: 'Name must be text' })
    .trim()
    .max(TEXT_LIMITS.name, { error: tooLongMessage('Name', TEXT_LIMITS.name) })
    .optional()
    .transform((v) => (v ? v : undefined)),
  tables: z
    .array(z.string({ error: WALK_IN_TABLES_MESSAGE }).trim().min(1, { error: WALK_IN_TABLES_MESSAGE }).max(FLOOR_LIMITS.name), {
      error: WALK_IN_TABLES_MESSAGE,
    })
    .max(FLOOR_LIMITS.tables)
    .optional()
    .transform((v) => (v?.length ? v : undefined)),
  force: z.boolean({ error: 'force must be true or false' }).optional(),
});
export type WalkInInput = z.input<typeof walkInSchema>;
/** With a floor, the tables it sits at and until when (HH:mm). */
export const walkInOutSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  date: z.string(),
  time: z.string(),
  tables: z.array(z.string()).optional(),
  stayUntil: z.string().optional(),
});
export type WalkInOut = z.output<typeof walkInOutSchema>;

const dateQuery = z.string({ error: 'date is required (yyyy-MM-dd)' }).refine(isIsoDate, { error: 'date must be a date (yyyy-MM-dd)' });

/** GET /api/admin/arrivals?date=: each booking of the day with its arrival status. */
export const arrivalsQuerySchema = z.object({ date: dateQuery });
export const arrivalsOutSchema = z.object({
  date: z.string(),
  bookings: z.array(
    z.object({ kind: z.enum(['reservation', 'party']), id: z.string(), status: z.enum(ARRIVAL_STATUSES), walkIn: z.boolean() }),
  ),
});
export type ArrivalsOut = z.output<typeof arrivalsOutSchema>;

/** GET /api/admin/covers?from=&to= (at most COVERS_MAX_DAYS days). */
export const COVERS_MAX_DAYS = 42;
export const COVERS_RANGE_MESSAGE = `Covers can be asked for at most ${COVERS_MAX_DAYS} days at once, from on or before to`;
export const coversQuerySchema = z
  .object({ from: dateQuery, to: dateQuery })
  .refine((q) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) < COVERS_MAX_DAYS * 86_400_000, {
    error: COVERS_RANGE_MESSAGE,
  });
/**
 * Per day: `total` the people booked at tables that day (covers), `eventGuests` the places confirmed at
 * its events (counted apart from the tables), and per hour `seated` the most seats held at once during
 * that hour (events' included), against `capacity`.
 */
export const coversOutSchema = z.object({
  capacity: z.number().int(),
  days: z.array(
    z.object({
      date: z.string(),
      total: z.number().int(),
      eventGuests: z.number().int(),
      hours: z.array(z.object({ hour: z.number().int(), seated: z.number().int() })),
    }),
  ),
});
export type CoversOut = z.output<typeof coversOutSchema>;
export type DayCovers = CoversOut['days'][number];

/** GET /api/admin/guests/record?email=: a guest's visits, no-shows and upcoming bookings. */
export const GUEST_RECORD_NOT_FOUND = 'No bookings found for this e-mail address';
export const guestRecordQuerySchema = z.object({
  email: z.string({ error: 'email is required' }).trim().min(1, { error: 'email is required' }).max(TEXT_LIMITS.email),
});
export const guestRecordOutSchema = z.object({
  visits: z.number().int(),
  noShows: z.number().int(),
  cancelled: z.number().int(),
  upcoming: z.array(
    z.object({ kind: z.enum(['reservation', 'party']), id: z.string(), date: z.string(), time: z.string(), partySize: z.number() }),
  ),
  /** Past visits, newest first (at most 10). */
  past: z.array(
    z.object({
      kind: z.enum(['reservation', 'party']),
      id: z.string(),
      date: z.string(),
      time: z.string(),
      partySize: z.number(),
      status: z.enum(ARRIVAL_STATUSES),
    }),
  ),
});
export type GuestRecord = z.output<typeof guestRecordOutSchema>;

/** The café's local time of day now, rounded down to its half-hour slot ('19:30'). */
export function slotNow(zone: string, now: Date = new Date()): string {
  const [hour, minute] = cafeTimeOfDay(zone, now).split(':');
  return `${hour}:${Number(minute) < 30 ? '00' : '30'}`;
}
