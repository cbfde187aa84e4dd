import { randomUUID } from 'node:crypto';
import { minutesOf, type ReservationDetails } from '@cafe/contracts';
import type { CommandContext } from '../platform/commands/command-types.js';
import { runPipeline, streamOf, type CommandTx, type LoadedStream, type PipelineOptions } from '../platform/commands/command-pipeline.js';
import type { DomainEvent } from '../platform/commands/decider.js';
import {
  bookingPolicy,
  claimSeats,
  closedReason,
  floorPolicy,
  holdIn,
  holdsOf,
  loadDay,
  releaseSeats,
  sameNeed,
  tablesOut,
  type SeatNeed,
  type TablesOut,
} from '../cafe-day/index.js';
import type { Booked, BookingKind, DateRules, SeatingOptions } from './booking-kind.js';
import { gameMinutesOf, stayOnFloor, type BookingRuntime, type GameMinutes } from './booking-stay.js';

// The one decision every booking command takes, inside its pipeline run: the booking's stream, the
// day's (or days') seats, the closed day and the business info are each loaded once, the booking
// decider decides once, the seats are decided on the day's state, and everything is appended in one
// append (atomic on the embedded store).

/** The seats a decision took, to give back where the store appends stream by stream and the booking's append failed. */
export interface SeatClaim {
  need: SeatNeed | null;
}

/** The booking's stream, loaded once: `fresh` under an id just made, `expectedVersion` the client's If-Match. */
export function loadBooking<State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  tx: CommandTx,
  kind: BookingKind<State, Command, Event, Details>,
  id: string,
  options: { fresh?: boolean; expectedVersion?: number } = {},
): Promise<LoadedStream<State>> {
  return tx.load(streamOf(kind.decider, kind.stream(id), { ...options, notFoundMessage: kind.notFound }));
}

/** The closed day (of `date`, when the command has one) and the business info's hours and party sizes. */
export async function rulesFor(tx: CommandTx, date: string | undefined): Promise<DateRules> {
  const [reason, policy] = await Promise.all([date === undefined ? null : closedReason(tx, date), bookingPolicy(tx)]);
  return { closedReason: reason, hours: policy.hours, partySizes: policy.partySizes };
}

/**
 * How a booking's seats are decided: staff's override (and tables they chose), whether a guest books (online
 * tables only, the oversize limit) and the game library's playing times (a stay on a floor lasts its game).
 */
export interface SeatDecision extends SeatingOptions {
  online: boolean;
  gameMinutes: GameMinutes;
}

/** A visitor or a guest through their link books online; staff (and the system) book at any table. */
export function seatDecision(runtime: BookingRuntime, context: CommandContext, options: SeatingOptions = {}): SeatDecision {
  const online = context.actor.kind === 'visitor' || context.actor.kind === 'guest';
  return { ...options, online, gameMinutes: gameMinutesOf(runtime) };
}

const sameGames = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((g, i) => b![i] === g);

/**
 * Decides `command` on the loaded booking and appends its events; when the seats it needs change, the
 * new day's seats are claimed (refused when full, unless staff override) and the old day's given back.
 * With a floor the seats are tables for the party's stay (its size's band, lengthened by its longest game),
 * so a change of games re-decides them too; the answer says which tables and until when.
 */
export async function decideBooking<State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  tx: CommandTx,
  kind: BookingKind<State, Command, Event, Details>,
  booking: LoadedStream<State>,
  id: string,
  command: Command,
  claim: SeatClaim,
  options: SeatDecision,
): Promise<Booked> {
  claim.need = null;
  const events = kind.decider.decide(command, booking.state, tx.time);
  const before = kind.seats(booking.state);
  const decided = events.reduce(kind.decider.evolve, booking.state);
  const details = kind.details(decided);
  const after = kind.seats(decided);
  const sameSeats = sameNeed(before, after);
  // Games matter only on a floor (they lengthen a stay), and only to a booking that still needs seats.
  const gamesChanged = after !== null && !sameGames(kind.details(booking.state)?.games, details?.games);
  if (events.length === 0 || (sameSeats && !gamesChanged)) return { id, version: tx.append(booking, events), details };
  const floor = await floorPolicy(tx);
  if (sameSeats && !floor) return { id, version: tx.append(booking, events), details };
  const { seating } = await bookingPolicy(tx);
  let got: TablesOut = {};
  // In this order where the store appends stream by stream: seats taken before the booking, given back after it.
  if (after) {
    const stay = floor ? await stayOnFloor(floor, after.partySize, details?.games, options.gameMinutes) : seating.holdingMinutes;
    // A walk-in keeps its slot, but its table stays taken for its whole stay from the moment it sat down.
    const late = floor && options.seatedAt ? Math.max(0, minutesOf(options.seatedAt) - minutesOf(after.time)) : 0;
    const holdingMinutes = stay + late;
    const hold = await claimSeats(tx, seating, { bookingId: id, kind: kind.kind }, after, options.overrideCapacity ?? false, {
      floor,
      online: options.online,
      holdingMinutes,
      ...(options.tables?.length ? { tables: options.tables } : {}),
    });
    got = tablesOut(hold);
  }
  claim.need = after;
  const version = tx.append(booking, events);
  if (before && !(after && after.date === before.date)) await releaseSeats(tx, id, before.date);
  return { id, version, details, ...got };
}

/** The tables a booking holds on its day now, and until when (a repeated request answers what the first one got). */
export async function tablesHeld(tx: CommandTx, id: string, date: string | undefined): Promise<TablesOut> {
  if (date === undefined) return {};
  return tablesOut(holdIn(holdsOf((await loadDay(tx, date)).state), id));
}

/**
 * One pipeline run on booking `id`: `body` loads it and decides (decideBooking, which records the
 * seats it claims). Where the store appends stream by stream, a booking append that failed after its
 * seats were taken leaves the day holding what the booking's own stream does not say: put back.
 */
export async function onBooking<State, Command, Event extends DomainEvent, Details extends ReservationDetails, R>(
  runtime: BookingRuntime,
  kind: BookingKind<State, Command, Event, Details>,
  id: string,
  context: CommandContext,
  body: (tx: CommandTx, claim: SeatClaim) => Promise<R>,
  options: PipelineOptions = {},
): Promise<R> {
  const claim: SeatClaim = { need: null };
  try {
    const { value } = await runPipeline(runtime, context, (tx) => body(tx, claim), options);
    return value;
  } catch (error) {
    if (claim.need && !runtime.eventStore.atomicAppends) await restoreSeats(runtime, kind, id, claim.need, context);
    throw error;
  }
}

/** The day's seats set back to what the booking's stream says (its own pipeline run: the failed one appended nothing of it). */
async function restoreSeats<State, Command, Event extends DomainEvent, Details extends ReservationDetails>(
  runtime: BookingRuntime,
  kind: BookingKind<State, Command, Event, Details>,
  id: string,
  claimed: SeatNeed,
  context: CommandContext,
): Promise<void> {
  await runPipeline(
    runtime,
    context,
    async (tx) => {
      const booking = await tx.load(streamOf(kind.decider, kind.stream(id)));
      const current = kind.seats(booking.state);
      if (current && current.date === claimed.date) {
        const { seating } = await bookingPolicy(tx);
        const floor = await floorPolicy(tx);
        const games = kind.details(booking.state)?.games;
        const holdingMinutes = floor ? await stayOnFloor(floor, current.partySize, games, gameMinutesOf(runtime)) : seating.holdingMinutes;
        // As staff would: the guests were told they are booked, so a full floor lists it to place rather than refuse.
        await claimSeats(tx, seating, { bookingId: id, kind: kind.kind }, current, true, { floor, online: false, holdingMinutes });
      } else {
        await releaseSeats(tx, id, claimed.date);
      }
    },
    { commandId: randomUUID() },
  ).catch((failure: unknown) => runtime.logger?.info({ err: failure, bookingId: id, date: claimed.date }, 'seats not put back'));
}
