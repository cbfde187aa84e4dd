import type { SeatingEvent } from '@cafe/contracts';
import {
  loadState,
  runCommand,
  type CommandContext,
  type CommandResult,
  type CommandRuntime,
  type RunCommandOptions,
} from '../platform/commands/command-runner.js';
import { fold, type Decider, type DomainEvent } from '../platform/commands/decider.js';
import { timeContext } from '../platform/clock.js';
import { batchedCommands } from '../platform/commands/batched-commands.js';
import { seatingDecider, seatingStream, type SeatingCommand } from './seating-decider.js';
import { seatingPolicy, type SeatingPolicy } from './seating-policy.js';

/** What a booking needs of a day's seats: `hold` true counts them against the capacity until released. */
export interface SeatNeed {
  date: string;
  time: string;
  partySize: number;
  hold: boolean;
}

/** Enough of a booking kind to seat it (see BookingKind). */
interface SeatedKind<State, Command, Event extends DomainEvent> {
  kind: 'reservation' | 'party';
  decider: Decider<State, Command, Event>;
  stream: (id: string) => string;
  seats: (state: State) => SeatNeed | null;
}

/**
 * Writers racing for a day's last seats retry on the fresh state instead of failing: each retry either
 * fits or is refused as fully booked, so the number of retries is bounded by the writers.
 */
const SEATING_RETRIES = 200;

/** This process's writes to one day's seats are decided in batches, one append each: no retry storm on a busy day. */
const daySeatCommands = batchedCommands(seatingDecider as Decider<unknown, SeatingCommand, SeatingEvent>, SEATING_RETRIES);

const sameNeed = (a: SeatNeed | null, b: SeatNeed | null) =>
  a === b || (a !== null && b !== null && a.date === b.date && a.time === b.time && a.partySize === b.partySize && a.hold === b.hold);

/**
 * A booking command that keeps the day's seats in step with the booking. The day stream is reserved
 * first (with its expected revision, retried on conflict), then the booking stream is appended at the
 * revision the decision was made on. If that append fails, the day is put back to what the booking's
 * stream says; seats given up (a cancellation, a move to another day) are released only after the
 * booking's append, so a failure in between can leave seats held a while but never seat too many.
 */
export async function runSeatedCommand<State, Command, Event extends DomainEvent>(
  runtime: CommandRuntime,
  kind: SeatedKind<State, Command, Event>,
  id: string,
  command: Command,
  context: CommandContext,
  options: RunCommandOptions & { override?: boolean },
): Promise<CommandResult<Event>> {
  const { override = false, ...runOptions } = options;
  const streamId = kind.stream(id);
  const recorded = await runtime.eventStore.readStream(streamId);
  const revision = recorded.length - 1;
  const stale = runOptions.expectedVersion !== undefined && runOptions.expectedVersion !== revision;
  const state = fold<State, Event>(kind.decider, recorded);
  // Decide once on the stored state to learn what the booking's seats become; the command runner decides
  // again when it appends, at this same revision.
  const events = stale
    ? []
    : kind.decider.decide(command, state, timeContext(runtime.clock, runtime.config.zone, runtime.config.bookingHorizonDays));
  const before = kind.seats(state);
  const after = kind.seats(events.reduce(kind.decider.evolve, state));
  if (events.length === 0 || sameNeed(before, after)) return runCommand(runtime, kind.decider, streamId, command, context, runOptions);

  const policy = await seatingPolicy(runtime.eventStore);
  const seats = daySeats(runtime, context, policy);
  // Held or only asked for (a pending party), the booking is on the day's stream before its own: a
  // closure of the day either sees it there or refuses it there (DateClosed).
  if (after) await seats.claim(id, kind.kind, after, override);
  let result: CommandResult<Event>;
  try {
    result = await runCommand(runtime, kind.decider, streamId, command, context, { ...runOptions, expectedVersion: revision });
  } catch (error) {
    if (after) {
      // The booking did not change: the day holds again what the booking's own stream says.
      const current = kind.seats((await loadState(runtime.eventStore, kind.decider, streamId)).state);
      await (current && current.date === after.date ? seats.claim(id, kind.kind, current, true) : seats.release(id, after.date)).catch(
        (failure: unknown) => runtime.logger?.info({ err: failure, bookingId: id, date: after.date }, 'seats not put back'),
      );
    }
    throw error;
  }
  if (before && !(after && after.date === before.date)) {
    await seats
      .release(id, before.date)
      .catch((failure: unknown) => runtime.logger?.info({ err: failure, bookingId: id, date: before.date }, 'seats not released'));
  }
  return result;
}

/**
 * One command on a day's seating stream, in the same batches as the bookings' seats (closing or
 * reopening the day): it is decided on the day's state at its revision, after or before each booking.
 */
export const runDayCommand = (runtime: CommandRuntime, date: string, command: SeatingCommand, context: CommandContext) =>
  daySeatCommands(runtime, seatingStream(date), command, context);

/** The commands on a day's seating stream. */
function daySeats(runtime: CommandRuntime, context: CommandContext, policy: SeatingPolicy) {
  const run = (date: string, command: SeatingCommand) => daySeatCommands(runtime, seatingStream(date), command, context);
  const reserveCommand = (bookingId: string, kind: 'reservation' | 'party', need: SeatNeed, override: boolean): SeatingCommand => ({
    type: 'ReserveSeats',
    date: need.date,
    hold: { bookingId, kind, time: need.time, partySize: need.partySize, holdingMinutes: policy.holdingMinutes },
    capacity: policy.capacity,
    override,
  });
  return {
    /**
     * Holds the seats, or for a pending request (hold false) records it on the day without holding any.
     * The booking's own append waits for the read models; this one, made just before it, need not.
     */
    claim: (bookingId: string, kind: 'reservation' | 'party', need: SeatNeed, override: boolean) =>
      run(
        need.date,
        need.hold
          ? reserveCommand(bookingId, kind, need, override)
          : {
              type: 'RequestSeats',
              date: need.date,
              request: { bookingId, kind, time: need.time, partySize: need.partySize },
              holdingMinutes: policy.holdingMinutes,
              capacity: policy.capacity,
              override,
            },
      ),
    /** After the booking's own append: the availability a client reads next already has the seats back. */
    async release(bookingId: string, date: string) {
      const released = await run(date, { type: 'ReleaseSeats', date, bookingId });
      if (released.position) await runtime.readModels.waitFor(released.position);
      return released;
    },
  };
}
