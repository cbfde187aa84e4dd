import {
  blockedDateMessage,
  eventSeatsFullMessage,
  formatLongDate,
  fullyBookedMessage,
  partyTooLargeMessage,
  tableTakenMessage,
  type DayBooking,
  type DayClosure,
  type Floor,
  type SeatHold,
  type SeatingEvent,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, DateClosed } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { peakSeated } from './seats.js';
import { FullyBooked, TableRule } from './seat-refusals.js';
import { changeStay, moveTables, placeTables, tablesForHold } from './table-decisions.js';
import { tablesTaken } from './tables.js';
import { holdIn, withHold, withoutHold } from './hold-list.js';

export { FullyBooked, TableRule };

/**
 * One stream per calendar date (seating-<yyyy-MM-dd>) holding every booking's seats that day. Each
 * booking first reserves here, with the expected revision, and only then is its own stream appended:
 * two bookings racing for the last seats cannot both pass, whichever booking streams they are on.
 */
export const seatingStream = (date: string) => streamName('seating', date);

/** A pending party request on the day: it holds no seats, but the day knows of it. */
export type SeatRequest = Omit<SeatHold, 'holdingMinutes'>;

interface Day {
  /** In the order booked (hold-list.ts): each booking's evolve copies the day's holds, a list in no time. */
  holds: SeatHold[];
  requests: Record<string, SeatRequest>;
}

/**
 * A day is open or closed (a blocked date, DayClosed). Closed, it refuses every booking that is not on
 * it yet; the bookings it already has (kept by staff) keep their seats and may still change size.
 */
export type SeatingState = { status: 'empty' } | ({ status: 'open' } & Day) | ({ status: 'closed'; closure: DayClosure } & Day);

export type SeatingCommand =
  | {
      type: 'ReserveSeats';
      date: string;
      hold: SeatHold;
      capacity: number;
      /** Staff booking past the capacity on purpose (with a floor: past every table, or at tables that break a rule). */
      override: boolean;
      /**
       * With a floor a booking's hold gets tables (hold.tables when staff chose them, else kept or best fit)
       * and the seat capacity is not counted; `online`: a guest's booking (online tables, oversize limit).
       * An event's hold brings its own tables, checked against the day's bookings.
       */
      floor?: Floor | null;
      online?: boolean;
    }
  /** A pending party request: it must fit now (unless staff override) and the day must be open; holds nothing. */
  | {
      type: 'RequestSeats';
      date: string;
      request: SeatRequest;
      holdingMinutes: number;
      capacity: number;
      override: boolean;
      floor?: Floor | null;
      online?: boolean;
    }
  /** Staff put a hold at other tables; a rule it breaks is refused (TableRule) unless `force`. */
  | { type: 'MoveTables'; date: string; bookingId: string; tables: string[]; force: boolean; floor: Floor }
  /** Staff lengthen or shorten a stay; longer into another stay at its tables is refused unless `force`. */
  | { type: 'ChangeStay'; date: string; bookingId: string; minutes: number; force: boolean }
  /** A floor was set: every booking hold without the floor's tables is placed (or listed unplaced), in time order. */
  | { type: 'PlaceTables'; date: string; floor: Floor }
  | { type: 'ReleaseSeats'; date: string; bookingId: string }
  /**
   * Make the day hold exactly `wanted` (ops seats reconcile): release every other hold, reserve what is
   * missing or different. Never refused: these bookings are already confirmed to guests, so a full day
   * records the seats as over capacity.
   */
  | { type: 'ReconcileSeats'; date: string; wanted: SeatHold[]; capacity: number }
  /** Close the day for a closure; the same closure again changes nothing, another one is refused. */
  | { type: 'CloseDay'; date: string; closure: DayClosure }
  /** Reopen the day when `blockedDateId` is the block that closed it; otherwise (or open already) nothing. */
  | { type: 'ReopenDay'; date: string; blockedDateId: string };

const NO_HOLDS: readonly SeatHold[] = Object.freeze([]);
export const holdsOf = (state: SeatingState): readonly SeatHold[] => (state.status === 'empty' ? NO_HOLDS : state.holds);
const requestsOf = (state: SeatingState): Record<string, SeatRequest> => (state.status === 'empty' ? {} : state.requests);

/**
 * Every booking holding or asking for seats on the day (an event's seats are its sign-ups' business, a
 * waitlist offer's the waitlist's: neither is a booking).
 */
export function bookingsOnDay(state: SeatingState): DayBooking[] {
  const all = [...holdsOf(state), ...Object.values(requestsOf(state))];
  return all
    .flatMap(({ bookingId, kind }) => (kind === 'event' || kind === 'offer' ? [] : [{ bookingId, kind }]))
    .sort((a, b) => a.bookingId.localeCompare(b.bookingId));
}

/** The seats the day's other holds leave free during [time, time + minutes) for this holder (below 0 when over capacity). */
export function seatsFreeFor(state: SeatingState, holderId: string, time: string, minutes: number, capacity: number): number {
  return capacity - peakSeated(holdsOf(state), time, minutes, holderId);
}

/**
 * An event's hold asks for more than it has (new, moved, longer or larger): only then may it be refused.
 * Fewer seats (a sign-up cancelled) are always given back, on a full or a closed day too.
 */
const asksMore = (held: SeatHold | undefined, hold: SeatHold) =>
  !held || held.time !== hold.time || hold.holdingMinutes > held.holdingMinutes || hold.partySize > held.partySize;

/**
 * On a closed day only the bookings already on it may change their seats. A waitlist offer's hold is not
 * a booking: the reservation taking it (the same id) is refused like any new one.
 */
function refuseIfClosed(state: SeatingState, bookingId: string): void {
  const held = state.status === 'closed' ? holdIn(state.holds, bookingId) : undefined;
  if (state.status !== 'closed' || (held && held.kind !== 'offer') || state.requests[bookingId]) return;
  throw new DateClosed(blockedDateMessage(state.closure.reason));
}

const sameHold = (a: SeatHold | undefined, b: SeatHold) =>
  a !== undefined && a.time === b.time && a.partySize === b.partySize && a.holdingMinutes === b.holdingMinutes && a.kind === b.kind;

/** The same seats whatever holding time: a hold keeps the holding time it was made with. */
const sameSeats = (a: SeatHold | undefined, b: SeatHold) =>
  a !== undefined && a.time === b.time && a.partySize === b.partySize && a.kind === b.kind;

const overCapacity = (holds: Iterable<SeatHold>, hold: SeatHold, capacity: number) =>
  peakSeated(holds, hold.time, hold.holdingMinutes, hold.bookingId) + hold.partySize > capacity;

/** Why a booking does not fit: a party larger than the café itself fits at no time, so it is told that, not "fully booked". */
const refusal = (hold: SeatHold, capacity: number) =>
  hold.partySize > capacity ? partyTooLargeMessage(hold.partySize, capacity) : fullyBookedMessage(hold.time);

/** An event's seats: held, moved or resized on the day like a booking's, but a closed or full day only refuses more seats. */
function reserveEventSeats(command: Extract<SeatingCommand, { type: 'ReserveSeats' }>, state: SeatingState): SeatingEvent[] {
  const { hold, capacity, date } = command;
  const held = holdIn(holdsOf(state), hold.bookingId);
  if (sameHold(held, hold) && sameTables(held!.tables ?? [], hold.tables ?? [])) return [];
  const more = asksMore(held, hold);
  if (more && state.status === 'closed') throw new DateClosed(blockedDateMessage(state.closure.reason));
  if (command.floor && hold.tables?.length) {
    // At its tables, on a floor: the tables are the limit, not the seat count.
    refuseTakenEventTables(command, held, state);
    return [{ type: 'SeatsReserved', data: { date, ...hold, capacity } }];
  }
  const free = seatsFreeFor(state, hold.bookingId, hold.time, hold.holdingMinutes, capacity);
  const over = hold.partySize > free;
  if (over && more && !command.override) {
    throw new FullyBooked(eventSeatsFullMessage(formatLongDate(date), hold.time, Math.max(0, free), hold.partySize, capacity));
  }
  return [{ type: 'SeatsReserved', data: { date, ...hold, capacity, ...(over ? { overCapacity: true as const } : {}) } }];
}

/**
 * A booking's seats with a floor: tables, not the seat capacity. Tables kept while they fit its new time
 * and size; the same hold again (its tables still its own) decides nothing.
 */
function reserveAtTables(command: Extract<SeatingCommand, { type: 'ReserveSeats' }>, floor: Floor, state: SeatingState): SeatingEvent[] {
  const { hold, date, capacity, override } = command;
  const held = holdIn(holdsOf(state), hold.bookingId);
  const chosen = hold.tables?.length ? hold.tables : undefined;
  if (sameHold(held, hold) && held!.tables !== undefined && (!chosen || sameTables(held!.tables, chosen))) return [];
  refuseIfClosed(state, hold.bookingId);
  const { tables, over } = tablesForHold(floor, holdsOf(state), hold, { online: command.online ?? true, override });
  return [{ type: 'SeatsReserved', data: { date, ...hold, tables, capacity, ...(over ? { overCapacity: true as const } : {}) } }];
}

const sameTables = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((t) => b.some((u) => u.toLowerCase() === t.toLowerCase()));

/** An event's tables with a floor: free of the day's bookings when it takes more (staff may override). */
function refuseTakenEventTables(
  command: Extract<SeatingCommand, { type: 'ReserveSeats' }>,
  held: SeatHold | undefined,
  state: SeatingState,
) {
  const { hold } = command;
  if (!command.floor || !hold.tables?.length || command.override) return;
  if (held && held.tables && sameTables(held.tables, hold.tables) && !asksMore(held, hold)) return;
  const taken = tablesTaken(holdsOf(state), hold.tables, hold.time, hold.holdingMinutes, hold.bookingId);
  if (taken) throw new TableRule(tableTakenMessage(taken.table, taken.at));
}

function reconcile(command: Extract<SeatingCommand, { type: 'ReconcileSeats' }>, current: readonly SeatHold[]): SeatingEvent[] {
  const { date, capacity } = command;
  const wanted = new Map(command.wanted.map((h) => [h.bookingId, h]));
  const holds = new Map(current.map((h) => [h.bookingId, h]));
  const events: SeatingEvent[] = [];
  // Releases first, so the seats they free count for the reservations after them. A waitlist offer's hold
  // has no booking behind it to agree with: the waitlist releases it when the offer is passed or expires.
  for (const { bookingId, kind } of [...current].sort((a, b) => (a.bookingId < b.bookingId ? -1 : a.bookingId > b.bookingId ? 1 : 0))) {
    if (wanted.has(bookingId) || kind === 'offer') continue;
    events.push({ type: 'SeatsReleased', data: { date, bookingId } });
    holds.delete(bookingId);
  }
  const missing = [...wanted.values()]
    .filter((h) => !sameSeats(holds.get(h.bookingId), h))
    .sort((a, b) => a.time.localeCompare(b.time) || a.bookingId.localeCompare(b.bookingId));
  for (const wantedHold of missing) {
    // Its tables stay with it while they are free at its (new) time; else the floor's placement seats it again.
    const tables = holds.get(wantedHold.bookingId)?.tables;
    const keep =
      tables !== undefined &&
      (tables.length === 0 ||
        !tablesTaken(
          [...holds.values()].filter((h) => h.bookingId !== wantedHold.bookingId),
          tables,
          wantedHold.time,
          wantedHold.holdingMinutes,
        ));
    const hold = keep ? { ...wantedHold, tables } : wantedHold;
    const over = overCapacity(holds.values(), hold, capacity);
    events.push({ type: 'SeatsReserved', data: { date, ...hold, capacity, ...(over ? { overCapacity: true as const } : {}) } });
    holds.set(hold.bookingId, hold);
  }
  return events;
}

export const seatingDecider: Decider<SeatingState, SeatingCommand, SeatingEvent> = {
  initialState: () => ({ status: 'empty' }),
  evolve: (state, event) => {
    let holds = state.status === 'empty' ? [] : state.holds;
    const requests = { ...requestsOf(state) };
    let closure = state.status === 'closed' ? state.closure : null;
    switch (event.type) {
      case 'SeatsReserved': {
        const { date: _date, capacity: _capacity, overCapacity: _over, ...hold } = event.data;
        holds = withHold(holds, hold);
        delete requests[hold.bookingId];
        break;
      }
      case 'SeatsRequested': {
        const { date: _date, ...request } = event.data;
        requests[request.bookingId] = request;
        holds = withoutHold(holds, request.bookingId) ?? holds;
        break;
      }
      case 'SeatsReleased':
        holds = withoutHold(holds, event.data.bookingId) ?? holds;
        delete requests[event.data.bookingId];
        break;
      case 'DayClosed': {
        const { closureId, blockedDateId, reason } = event.data;
        closure = { closureId, blockedDateId, reason };
        break;
      }
      case 'DayReopened':
        closure = null;
        break;
      case 'TablesAssigned':
      case 'TablesUnplaced':
      case 'StayChanged': {
        const held = holdIn(holds, event.data.bookingId);
        if (!held) break;
        if (event.type === 'StayChanged') holds = withHold(holds, { ...held, holdingMinutes: event.data.holdingMinutes });
        else holds = withHold(holds, { ...held, tables: event.type === 'TablesAssigned' ? event.data.tables : [] });
        break;
      }
    }
    if (closure) return { status: 'closed', closure, holds, requests };
    return holds.length || Object.keys(requests).length ? { status: 'open', holds, requests } : { status: 'empty' };
  },
  decide: (command, state) => {
    const holds = holdsOf(state);
    switch (command.type) {
      case 'ReserveSeats': {
        const { hold } = command;
        if (hold.kind === 'event') return reserveEventSeats(command, state);
        if (command.floor) return reserveAtTables(command, command.floor, state);
        if (sameHold(holdIn(holds, hold.bookingId), hold)) return [];
        refuseIfClosed(state, hold.bookingId);
        // The booking's own seats (a change of size or time) do not count against it.
        const over = overCapacity(holds, hold, command.capacity);
        if (over && !command.override) throw new FullyBooked(refusal(hold, command.capacity));
        return [
          {
            type: 'SeatsReserved',
            data: { date: command.date, ...hold, capacity: command.capacity, ...(over ? { overCapacity: true as const } : {}) },
          },
        ];
      }
      case 'RequestSeats': {
        const { request } = command;
        const known = requestsOf(state)[request.bookingId];
        if (known && known.time === request.time && known.partySize === request.partySize && known.kind === request.kind) return [];
        refuseIfClosed(state, request.bookingId);
        const hold = { ...request, holdingMinutes: command.holdingMinutes };
        if (command.floor) {
          // It must fit a table now; it holds none until approved.
          tablesForHold(command.floor, holds, hold, { online: command.online ?? true, override: command.override });
        } else if (!command.override && overCapacity(holds, hold, command.capacity)) throw new FullyBooked(refusal(hold, command.capacity));
        return [{ type: 'SeatsRequested', data: { date: command.date, ...request } }];
      }
      case 'ReleaseSeats':
        if (!holdIn(holds, command.bookingId) && !requestsOf(state)[command.bookingId]) return [];
        return [{ type: 'SeatsReleased', data: { date: command.date, bookingId: command.bookingId } }];
      case 'ReconcileSeats':
        return reconcile(command, holds);
      case 'MoveTables':
        return moveTables(command.floor, holds, command);
      case 'ChangeStay':
        return changeStay(holds, command);
      case 'PlaceTables':
        return placeTables(command.floor, holds, command.date);
      case 'CloseDay':
        if (state.status === 'closed') {
          if (state.closure.closureId === command.closure.closureId) return [];
          throw new Conflict(`${formatLongDate(command.date)} is already blocked: ${state.closure.reason}`);
        }
        return [{ type: 'DayClosed', data: { date: command.date, ...command.closure, bookings: bookingsOnDay(state) } }];
      case 'ReopenDay':
        if (state.status !== 'closed' || state.closure.blockedDateId !== command.blockedDateId) return [];
        return [{ type: 'DayReopened', data: { date: command.date, blockedDateId: command.blockedDateId } }];
    }
  },
};
