import { NO_FLOOR_MESSAGE, type Floor, type SeatHold, type SeatingEvent } from '@cafe/contracts';
import type { CommandTx, LoadedStream, StreamSpec } from '../platform/commands/command-pipeline.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import { holdsOf, seatingDecider, seatingStream, type SeatingCommand, type SeatingState } from './seating-decider.js';
import { holdIn } from './hold-list.js';
import type { SeatingPolicy } from './business-info-policy.js';
import { floorPolicy } from './floor-policy.js';

/** What a booking needs of a day's seats: `hold` true counts them against the capacity until released. */
export interface SeatNeed {
  date: string;
  time: string;
  partySize: number;
  hold: boolean;
}

export const sameNeed = (a: SeatNeed | null, b: SeatNeed | null) =>
  a === b || (a !== null && b !== null && a.date === b.date && a.time === b.time && a.partySize === b.partySize && a.hold === b.hold);

/**
 * A day's seats, kept in memory between commands: writers on a busy day decide one after the other on
 * it without reading it again, each append checked against the revision it decided on.
 */
const daySpec = (date: string): StreamSpec<SeatingState, SeatingEvent> => ({
  streamId: seatingStream(date),
  initialState: seatingDecider.initialState,
  evolve: seatingDecider.evolve,
  cached: true,
});

export const loadDay = (tx: CommandTx, date: string): Promise<LoadedStream<SeatingState>> => tx.load(daySpec(date));

/** Decides one command on a day loaded in this command and adds its events to the append; answers the day after them. */
function decideOnDay(tx: CommandTx, day: LoadedStream<SeatingState>, command: SeatingCommand): SeatingState {
  const events = seatingDecider.decide(command, day.state, tx.time);
  // Folded once: the day kept in memory takes this state too (a busy day's fold copies its every hold).
  const after = events.reduce(seatingDecider.evolve, day.state);
  tx.append(day, events, after);
  return after;
}

/** The hold a booking (or event) has on a day's state, with its tables and stay; undefined when none. */
export const holdOf = (state: SeatingState, bookingId: string): SeatHold | undefined => holdIn(holdsOf(state), bookingId);

/**
 * How a booking is seated when the café may have a floor (floorPolicy(tx)): with one, at tables for its
 * stay, not by the seat capacity; `floor` null seats by the capacity exactly as before floors.
 */
export interface FloorSeating {
  floor: Floor | null;
  /** Booked by a guest (public routes): online tables only, at most maxOversizeOnline seats too big. Staff: any table. */
  online: boolean;
  /** With a floor, the party's stay (stayMinutesFor its size and longest requested game): the hold's length. */
  holdingMinutes: number;
  /** Tables staff chose (a walk-in seated there): checked, refused with TableRule unless `override`. */
  tables?: string[];
}

/**
 * Held, or only asked for (a pending party, which must fit but holds nothing): the booking is on the
 * day's stream in the same append as its own events, so a closure of the day either lists it or
 * refuses it (DateClosed). With a floor the hold takes tables for its stay atomically (kept when they
 * still fit a change, else the best fit; none: FullyBooked, unless `override`: then tables [], listed to
 * place). Answers the hold as the day has it now (its `tables` and `holdingMinutes`: only a hold on a
 * floor has tables), or undefined for a request.
 */
export async function claimSeats(
  tx: CommandTx,
  policy: SeatingPolicy,
  booking: { bookingId: string; kind: 'reservation' | 'party' },
  need: SeatNeed,
  override: boolean,
  seating?: FloorSeating,
): Promise<SeatHold | undefined> {
  const day = await loadDay(tx, need.date);
  const { bookingId, kind } = booking;
  const floor = seating?.floor ?? null;
  const holdingMinutes = floor ? seating!.holdingMinutes : policy.holdingMinutes;
  const onFloor = floor ? { floor, online: seating!.online } : {};
  const chosen = floor && seating?.tables?.length ? { tables: seating.tables } : {};
  const after = decideOnDay(
    tx,
    day,
    need.hold
      ? {
          type: 'ReserveSeats',
          date: need.date,
          hold: { bookingId, kind, time: need.time, partySize: need.partySize, holdingMinutes, ...chosen },
          capacity: policy.capacity,
          override,
          ...onFloor,
        }
      : {
          type: 'RequestSeats',
          date: need.date,
          request: { bookingId, kind, time: need.time, partySize: need.partySize },
          holdingMinutes,
          capacity: policy.capacity,
          override,
          ...onFloor,
        },
  );
  return need.hold ? holdOf(after, bookingId) : undefined;
}

/**
 * An event's seats on a day loaded in this command: `hold` (its places taken, or the seats staff set) or
 * none. More seats than the day has free are refused (FullyBooked); fewer are always given back. With a
 * floor (`options.floor`) and `hold.tables` (its tables, or its area's), the event takes those tables for
 * its time: a table a booking holds meanwhile is refused (TableRule) unless `options.override`; the seat
 * count is then not checked. Bookings never get a table an event holds.
 */
export function settleEventSeats(
  tx: CommandTx,
  day: LoadedStream<SeatingState>,
  date: string,
  eventId: string,
  hold: SeatHold | null,
  capacity: number,
  options: { floor?: Floor | null; override?: boolean } = {},
): void {
  decideOnDay(
    tx,
    day,
    hold
      ? { type: 'ReserveSeats', date, hold, capacity, override: options.override ?? false, floor: options.floor ?? null }
      : { type: 'ReleaseSeats', date, bookingId: eventId },
  );
}

/** The floor for a staff table command: there is none to move to without one. */
async function requireFloor(tx: CommandTx): Promise<Floor> {
  const floor = await floorPolicy(tx);
  if (!floor) throw new Conflict(NO_FLOOR_MESSAGE);
  return floor;
}

/**
 * Staff put a booking (or an event) at other tables (POST /api/admin/floor/moves): a rule it breaks
 * (taken, too small) is refused with TableRule (409 'table-rule') unless `force`; a name not on the
 * floor always. Answers the tables it sits at now (the floor's spelling).
 */
export async function moveTables(
  tx: CommandTx,
  move: { date: string; bookingId: string; tables: string[]; force?: boolean },
): Promise<string[]> {
  const floor = await requireFloor(tx);
  const day = await loadDay(tx, move.date);
  const after = decideOnDay(tx, day, { type: 'MoveTables', ...move, force: move.force ?? false, floor });
  return holdOf(after, move.bookingId)?.tables ?? [];
}

/**
 * Staff lengthen or shorten a stay (POST /api/admin/floor/stays): longer into another stay at its tables
 * is refused with TableRule unless `force`. Works without a floor too (the hold's length). Answers the
 * stay's minutes now.
 */
export async function changeStay(
  tx: CommandTx,
  change: { date: string; bookingId: string; minutes: number; force?: boolean },
): Promise<number> {
  const day = await loadDay(tx, change.date);
  const after = decideOnDay(tx, day, { type: 'ChangeStay', ...change, force: change.force ?? false });
  return holdOf(after, change.bookingId)?.holdingMinutes ?? change.minutes;
}

/**
 * After a floor is set, one day's placement (the floor slice's process runs it day by day): every booking
 * hold without the floor's tables gets the best fit in time order (TablesAssigned by 'floor'), or is
 * listed (TablesUnplaced). Idempotent: run again, it decides nothing. Without a floor, nothing.
 */
export async function placeTables(tx: CommandTx, date: string): Promise<{ placed: string[]; unplaced: string[] }> {
  const floor = await floorPolicy(tx);
  if (!floor) return { placed: [], unplaced: [] };
  const day = await loadDay(tx, date);
  const events = seatingDecider.decide({ type: 'PlaceTables', date, floor }, day.state, tx.time);
  tx.append(day, events);
  return {
    placed: events.flatMap((e) => (e.type === 'TablesAssigned' ? [e.data.bookingId] : [])),
    unplaced: events.flatMap((e) => (e.type === 'TablesUnplaced' ? [e.data.bookingId] : [])),
  };
}

/** Seats given up (a cancellation, a move to another day). */
export async function releaseSeats(tx: CommandTx, bookingId: string, date: string): Promise<void> {
  decideOnDay(tx, await loadDay(tx, date), { type: 'ReleaseSeats', date, bookingId });
}
