import type { ArrivalStatus, BookingClosure, DetailsChange, OpeningHours, ReservationDetails } from '@cafe/contracts';
import type { CommandContext } from '../platform/commands/command-types.js';
import type { Decider, DomainEvent } from '../platform/commands/decider.js';
import type { PartySizeRange, SeatNeed, TablesOut } from '../cafe-day/index.js';
import type { BookingRuntime } from './booking-stay.js';

/** What tells a reservation from a party booking to the command flows both share. */
export interface BookingKind<State, Command, Event extends DomainEvent, Details extends ReservationDetails = ReservationDetails> {
  kind: 'reservation' | 'party';
  decider: Decider<State, Command, Event>;
  stream: (id: string) => string;
  notFound: string;
  /** The kind's own commands (SPEC names each kind's events) for the flows both kinds have. */
  commands: {
    request: (id: string, source: 'public' | 'admin', details: Details, rules: DateRules) => Command;
    /** `by` the guest through their link, or staff (a party's guest may send an approved party back to staff). */
    change: (changes: DetailsChange<Details>, rules: DateRules, by: 'guest' | 'staff') => Command;
    /** `closure` when staff cancel it because they closed its date (the guest is mailed why). */
    cancel: (closure?: BookingClosure) => Command;
    /** The guest asked to be forgotten (guest-privacy): the booking stays, its personal data is blanked. */
    erase: (guestKey: string) => Command;
    /** Staff mark whether its guests came. */
    arrival: (status: ArrivalStatus) => Command;
  };
  /** The booking's details in any state once it exists (cancelled too); null before. */
  details: (state: State) => Details | null;
  /** The stored details while the booking can still be changed; null when there is none to change. */
  liveDetails: (state: State) => ReservationDetails | null;
  /**
   * The seats a booking in this state needs: held (counted against the day's capacity) or only
   * checked (it must fit now, but holds nothing yet); null when it needs none.
   */
  seats: (state: State) => SeatNeed | null;
}

export interface Versioned {
  id: string;
  version: number;
}

/**
 * A new booking's answer, with the details its stream holds (cancelled too; a repeat's are the first request's)
 * and, with a floor, its tables and the end of its stay.
 */
export interface Booked extends Versioned, TablesOut {
  repeat?: true;
  details: ReservationDetails | null;
}

/** Whether a request with a used Idempotency-Key asks for the booking stored under it. */
export type SameRequest = (stored: ReservationDetails, asked: ReservationDetails) => boolean;

/**
 * Staff may book past the seat capacity on purpose (the dashboard warns first); guests never. With a floor,
 * staff may also name the tables (a walk-in seated where they stand): checked unless they override.
 */
export interface SeatingOptions {
  overrideCapacity?: boolean;
  tables?: string[];
  /** A walk-in seated now (HH:mm) at its half-hour slot: on a floor its hold lasts its stay from now, not from the slot. */
  seatedAt?: string;
}

/** The closed day and opening hours a date-bearing command is decided with, read within the command. */
export interface DateRules {
  closedReason: string | null;
  hours: OpeningHours;
  /** The party sizes the public party form takes now (business info). */
  partySizes: PartySizeRange;
}

/** A new booking from the public form (`public`) or a staff dialog (`admin`, which may override the capacity). */
export type RequestBooking<Details extends ReservationDetails> = (
  runtime: BookingRuntime,
  source: 'public' | 'admin',
  details: Details,
  context: CommandContext,
  options?: SeatingOptions,
) => Promise<Versioned & TablesOut & { repeat?: true }>;

/** Every change of a booking's details: the staff Edit dialogs, a guest's own change. */
export type ChangeBooking<Details extends ReservationDetails> = (
  runtime: BookingRuntime,
  id: string,
  changes: DetailsChange<Details>,
  expectedVersion: number | undefined,
  context: CommandContext,
  options?: SeatingOptions,
) => Promise<Versioned>;

/** Staff, its guest or a closure of its day (`closure`) cancel a booking. */
export type CancelBooking = (
  runtime: BookingRuntime,
  id: string,
  expectedVersion: number | undefined,
  context: CommandContext,
  closure?: BookingClosure,
) => Promise<Versioned>;

/** Staff mark whether a booking's guests came. */
export type MarkArrival = (
  runtime: BookingRuntime,
  id: string,
  status: ArrivalStatus,
  expectedVersion: number | undefined,
  context: CommandContext,
) => Promise<Versioned>;
