import { randomUUID } from 'node:crypto';
import type { DetailsChange, ReservationDetails } from '@cafe/contracts';
import { loadState, runCommand, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import type { Decider, DomainEvent } from '../platform/commands/decider.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { closedReason } from './closed-dates.js';

/** What tells a reservation from a party booking to the command flows both share. */
export interface BookingKind<State, Command, Event extends DomainEvent> {
  decider: Decider<State, Command, Event>;
  stream: (id: string) => string;
  notFound: string;
  /** The stored details while the booking can still be changed; null when there is none to change. */
  liveDetails: (state: State) => ReservationDetails | null;
}

export interface Versioned {
  id: string;
  version: number;
}

/**
 * The command flows reservations and party bookings share, bound to one kind of booking. Each slice's
 * commands module builds these once and exports named commands over them.
 */
export function bookingCommands<State, Command, Event extends DomainEvent>(kind: BookingKind<State, Command, Event>) {
  /** A new booking on its own stream, refused on a closed day. */
  async function request(
    runtime: CommandRuntime,
    date: string,
    command: (id: string, closedReason: string | null) => Command,
    context: CommandContext,
  ): Promise<Versioned> {
    const id = randomUUID();
    const reason = await closedReason(runtime.eventStore, date);
    const result = await runCommand(runtime, kind.decider, kind.stream(id), command(id, reason), context);
    return { id, version: result.version };
  }

  /** A command on an existing booking under If-Match: a stale version is a conflict, a missing booking not found. */
  async function commandOn(
    runtime: CommandRuntime,
    id: string,
    command: Command,
    expectedVersion: number | undefined,
    context: CommandContext,
  ): Promise<Versioned> {
    const result = await runCommand(runtime, kind.decider, kind.stream(id), command, context, {
      expectedVersion,
      notFoundMessage: kind.notFound,
    });
    return { id, version: result.version };
  }

  /**
   * The staff Edit dialogs: absent fields stay as they are, null clears special requests, and a new
   * date or time is checked against closed days.
   */
  async function changeDetails<D extends ReservationDetails>(
    runtime: CommandRuntime,
    id: string,
    changes: DetailsChange<D>,
    expectedVersion: number | undefined,
    command: (changes: DetailsChange<D>, closedReason: string | null) => Command,
    context: CommandContext,
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
    const reason = date === undefined ? null : await closedReason(runtime.eventStore, date);
    return commandOn(runtime, id, command(changes, reason), version, context);
  }

  return { request, commandOn, changeDetails };
}
