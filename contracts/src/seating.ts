import { z } from 'zod';
import { formatTime12, isIsoDate } from './time.js';

/**
 * Seats per slot: the café seats `seatCapacity` people at once, and a booking holds its seats (its party
 * size) from its time for the table-holding time. Both live in business info; these are the defaults.
 */
export const DEFAULT_SEAT_CAPACITY = 60;
export const DEFAULT_HOLDING_MINUTES = 120;
export const SEAT_CAPACITY_MAX = 1000;
/**
 * Half-hour steps up to 8 hours: a booking at the last slot (22:00) is then gone before the first slot of
 * the next day (11:00), so each day's seats can be counted on their own.
 */
export const HOLDING_MINUTES_OPTIONS = Array.from({ length: 16 }, (_, i) => (i + 1) * 30);

export const SEAT_CAPACITY_MESSAGE = `Seat capacity must be a whole number from 1 to ${SEAT_CAPACITY_MAX}`;
export const HOLDING_MINUTES_MESSAGE = 'Table holding time must be between 30 minutes and 8 hours, in 30-minute steps';

/** The error answered (409) when a booking would seat more people than the café holds at that time. */
export const fullyBookedMessage = (time: string) => `Sorry, we are fully booked at ${formatTime12(time)}. Please choose another time.`;
/**
 * The error answered (409, the same code: staff may still book anyway) when one party alone is larger than
 * the café's seat capacity: no time of any day could seat it, so "fully booked" would send the guest
 * looking for another date in vain.
 */
export const partyTooLargeMessage = (partySize: number, capacity: number) =>
  `Sorry, a party of ${partySize} is larger than the café can seat (${capacity} seats). Please choose a smaller party.`;
/** A table move or stay change names a booking that holds nothing on that day (404). */
export const NOT_ON_DAY_MESSAGE = 'This booking has no seats on that day.';
/** A table move when the café has no floor (409): there are no tables to move to. */
export const NO_FLOOR_MESSAGE = 'The café has no tables yet: set up the floor first.';
/** Tells this 409 apart from a stale version: the dashboard offers staff to book anyway. */
export const FULLY_BOOKED_CODE = 'fully-booked';

/** '2 hours', '1.5 hours', '30 minutes'. */
export function holdingLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} minutes`;
  const hours = minutes / 60;
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

export const seatCapacityField = z
  .number({ error: SEAT_CAPACITY_MESSAGE })
  .int({ error: SEAT_CAPACITY_MESSAGE })
  .min(1, { error: SEAT_CAPACITY_MESSAGE })
  .max(SEAT_CAPACITY_MAX, { error: SEAT_CAPACITY_MESSAGE });

export const holdingMinutesField = z
  .number({ error: HOLDING_MINUTES_MESSAGE })
  .refine((m) => HOLDING_MINUTES_OPTIONS.includes(m), { error: HOLDING_MINUTES_MESSAGE });

export const PARTY_SIZE_QUERY_MESSAGE = 'partySize must be a whole number from 1 to 1000';

/**
 * GET /api/availability?date=yyyy-MM-dd[&partySize=n]. With a floor each slot's `remaining` is the largest
 * party an online table fits for its whole stay; asked for a `partySize`, it is that size when it fits, else
 * the largest smaller party that does (0 when none), so the forms' partySize ≤ remaining holds exactly when a
 * table fits. Without a floor `partySize` changes nothing (the seats left).
 */
export const availabilityQuerySchema = z.object({
  date: z.string({ error: 'date is required (yyyy-MM-dd)' }).refine(isIsoDate, { error: 'date must be a date (yyyy-MM-dd)' }),
  partySize: z.coerce
    .number({ error: PARTY_SIZE_QUERY_MESSAGE })
    .int({ error: PARTY_SIZE_QUERY_MESSAGE })
    .min(1, { error: PARTY_SIZE_QUERY_MESSAGE })
    .max(SEAT_CAPACITY_MAX, { error: PARTY_SIZE_QUERY_MESSAGE })
    .optional(),
});

/**
 * Each of the date's slots a new booking could still take, with its seats left (0 when full): a time of
 * today the café's clock has passed (slotHasPassed) is not listed, and a past date lists none.
 */
export const availabilityOut = z.object({
  date: z.string(),
  slots: z.array(z.object({ time: z.string(), remaining: z.number().int() })),
});
export type Availability = z.output<typeof availabilityOut>;

/**
 * Staff requests that create, edit or approve a booking may carry `?override=capacity`: the booking is
 * made even when it seats more than the capacity (the dashboard asks first). Public routes never do.
 */
export const capacityOverrideQuerySchema = z.object({
  override: z.literal('capacity', { error: "override must be 'capacity'" }).optional(),
});

/**
 * An event's seats could not be held (staff scheduling or changing it): the café's other holds leave
 * too few seats at its time. 409 with the fully-booked code.
 */
export const eventSeatsFullMessage = (dateText: string, time: string, free: number, needed: number, capacity: number) =>
  `Not enough seats on ${dateText} at ${formatTime12(time)}: ${free} of the café's ${capacity} seats are free then and this event needs ${needed}. Give it fewer seats (0 if it is held in another room) or another time.`;

/**
 * One hold on a day's seats: a booking's (its party), or an event's on that date (kind 'event',
 * `bookingId` the event's id, `partySize` the seats it uses: its places taken, or the number staff set),
 * or a live waitlist offer's (kind 'offer', `bookingId` the offer's id: the reservation that takes it has
 * the same id and replaces the hold; passed or expired, the waitlist releases it).
 */
export interface SeatHold {
  bookingId: string;
  kind: 'reservation' | 'party' | 'event' | 'offer';
  time: string;
  partySize: number;
  /** How long it holds its seats or tables: the holding time, or with a floor the party's stay (floor.ts stayMinutesFor). */
  holdingMinutes: number;
  /**
   * With a floor: the tables it sits at for its whole stay (one table or a combination's), by name; [] when
   * staff booked it past every table (it is listed for them to place). Absent without a floor.
   */
  tables?: string[];
}

/** Events of the per-date seating stream (seating-<yyyy-MM-dd>). */
export type SeatingEvent =
  | {
      type: 'SeatsReserved';
      /** `overCapacity`: staff booked past the capacity on purpose. */
      data: SeatHold & { date: string; capacity: number; overCapacity?: true };
    }
  | { type: 'SeatsReleased'; data: { date: string; bookingId: string } }
  /**
   * A pending party request on the day: it holds no seats (SeatsReserved replaces it once approved), but
   * it is on the day's stream, so a closure of the day sees it and it sees the closure.
   */
  | { type: 'SeatsRequested'; data: Omit<SeatHold, 'holdingMinutes'> & { date: string } }
  /**
   * The day is closed (a blocked date): no booking takes or asks for seats on it until it reopens. The
   * closure and every booking meet on this stream, so one of the two writes always sees the other.
   */
  | {
      type: 'DayClosed';
      /** `bookings`: every booking holding or asking for seats that day at the closure's revision. */
      data: DayClosure & { date: string; bookings: DayBooking[] };
    }
  | { type: 'DayReopened'; data: { date: string; blockedDateId: string } }
  /**
   * A hold moved to other tables: by staff (`by: 'staff'`, `forced` when it broke a rule they were warned
   * of) or when a floor was set and the day's future bookings were placed (`by: 'floor'`). `from` [] when it
   * had none.
   */
  | {
      type: 'TablesAssigned';
      data: { date: string; bookingId: string; from: string[]; tables: string[]; by: 'staff' | 'floor'; forced?: true };
    }
  /** A floor was set and this hold fits no table for its stay: staff see it in the list to place by hand. */
  | { type: 'TablesUnplaced'; data: { date: string; bookingId: string } }
  /** Staff lengthened or shortened a stay (minutes from its time). */
  | { type: 'StayChanged'; data: { date: string; bookingId: string; from: number; holdingMinutes: number } };

/** Which closure closed a day (closure-<closureId>), as which blocked date, and why. */
export interface DayClosure {
  closureId: string;
  blockedDateId: string;
  reason: string;
}

/** A booking on a day's seating stream. */
export interface DayBooking {
  bookingId: string;
  kind: 'reservation' | 'party';
}
