import { randomUUID } from 'node:crypto';
import type { DetailsChange, OpeningHours, ReservationDetails } from '@cafe/contracts';
import { loadState, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import type { Decider, DomainEvent } from '../platform/commands/decider.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { closedReason } from './closed-dates.js';
import { runSeatedCommand, type SeatNeed } from './seating-commands.js';
import { openingHoursNow } from './seating-policy.js';

/** What tells a reservation from a party booking to the command flows both share. */
export interface BookingKind<State, Command, Event extends DomainEvent> {
  kind: 'reservation' | 'party';
  decider: Decider<State, Command, Event>;
  stream: (id: string) => string;
  notFound: string;
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

/** Staff may book past the seat capacity on purpose (the dashboard warns first); guests never. */
export interface SeatingOptions {
  overrideCapacity?: boolean;
}

/**
 * The command flows reservations and party bookings share, bound to one kind of booking. Each slice's
 * commands module builds these once and exports named commands over them. Every flow goes through
 * runSeatedCommand, so every path that books, moves, resizes, approves or cancels a booking takes or
 * gives back its seats.
 */
export function bookingCommands<State, Command, Event extends DomainEvent>(kind: BookingKind<State, Command, Event>) {
  /**
   * A new booking on its own stream, refused on a closed day or when the time is fully booked. The
   * closed day read here gives the early answer; the day's seating stream is the authority (a closure
   * landing after this read is met there, DateClosed).
   */
  async function request(
    runtime: CommandRuntime,
    date: string,
    command: (id: string, closedReason: string | null, hours: OpeningHours) => Command,
    context: CommandContext,
    options: SeatingOptions = {},
  ): Promise<Versioned> {
    const id = randomUUID();
    const [reason, hours] = await Promise.all([closedReason(runtime.eventStore, date), openingHoursNow(runtime.eventStore)]);
    const result = await runSeatedCommand(runtime, kind, id, command(id, reason, hours), context, { override: options.overrideCapacity });
    return { id, version: result.version };
  }

  /** A command on an existing booking under If-Match: a stale version is a conflict, a missing booking not found. */
  async function commandOn(
    runtime: CommandRuntime,
    id: string,
    command: Command,
    expectedVersion: number | undefined,
    context: CommandContext,
    options: SeatingOptions = {},
  ): Promise<Versioned> {
    const result = await runSeatedCommand(runtime, kind, id, command, context, {
      expectedVersion,
      notFoundMessage: kind.notFound,
      override: options.overrideCapacity,
    });
    return { id, version: result.version };
  }

  /**
   * Every change of a booking's details (the staff Edit dialogs, a guest's own change): absent fields
   * stay as they are, null clears special requests, a new date or time is checked against closed days
   * and the opening hours, and a new date, time or size against the seats left.
   */
  async function changeDetails<D extends ReservationDetails>(
    runtime: CommandRuntime,
    id: string,
    changes: DetailsChange<D>,
    expectedVersion: number | undefined,
    command: (changes: DetailsChange<D>, closedReason: string | null, hours: OpeningHours) => Command,
    context: CommandContext,
    options: SeatingOptions = {},
  ): Promise<Versioned> {
    let version = expectedVersion;
    let date = changes.date;
    if (date === undefined && changes.time !== undefined) {
      // A new time on the stored date: read the date, and pin the version so it cannot move meanwhile.
      const loaded = await loadState(runtime.eventStore, kind.decider, kind.stream(id));
      const stored = kind.liveDetails(loaded.state);
      if (!stored) throw new NotFound(kind.notFound);
      date = stored.date;
      version ??= loaded.version;
    }
    const [reason, hours] = await Promise.all([
      date === undefined ? null : closedReason(runtime.eventStore, date),
      openingHoursNow(runtime.eventStore),
    ]);
    return commandOn(runtime, id, command(changes, reason, hours), version, context, options);
  }

  return { request, commandOn, changeDetails };
}
