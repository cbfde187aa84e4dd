import {
  NOT_ON_DAY_MESSAGE,
  noTableFitsMessage,
  partyTooLargeMessage,
  tableTakenMessage,
  tableTooLargeMessage,
  tableTooSmallMessage,
  tableUnknownMessage,
  type Floor,
  type SeatHold,
  type SeatingEvent,
} from '@cafe/contracts';
import { NotFound } from '../platform/commands/domain-errors.js';
import { FullyBooked, TableRule } from './seat-refusals.js';
import { assign, fits, floorIndex, tablesTaken, unitFor, type TableCheck, type TableUnit } from './tables.js';
import { holdIn } from './hold-list.js';

/**
 * The seating decisions that read the floor: a booking's tables (assigned atomically with its seats), a
 * staff move, a stay made longer or shorter, and the placement of a day's holds when a floor is set.
 */

/** The message staff are warned with when given tables break a rule. */
export function ruleMessage(check: Exclude<TableCheck, { ok: true }>, partySize: number): string {
  switch (check.rule) {
    case 'unknown':
      return tableUnknownMessage(check.table);
    case 'taken':
      return tableTakenMessage(check.table, check.at);
    case 'small':
      return tableTooSmallMessage(check.tables, check.seats, partySize);
  }
}

/** The largest party a table or combination this booker may take seats: larger is told "too large", not "fully booked". */
function largestSeats(floor: Floor, online: boolean): number {
  return floorIndex(floor).units.reduce((max, u) => (online && !u.online ? max : Math.max(max, u.maxSeats)), 0);
}

const sameTables = (a: readonly string[] | undefined, b: readonly string[]) =>
  a !== undefined && a.length === b.length && a.every((t) => b.some((u) => u.toLowerCase() === t.toLowerCase()));

/**
 * The tables a booking's hold takes with a floor: the ones staff chose (checked, unless they override),
 * else its tables now when they still fit its new time and size, else the best fit. None fits: refused
 * (FullyBooked), unless staff override, then [] (it waits in the list of bookings to place).
 */
export function tablesForHold(
  floor: Floor,
  holds: readonly SeatHold[],
  hold: SeatHold,
  options: { online: boolean; override: boolean },
): { tables: string[]; over: boolean } {
  // The party's own hold (a change of its time or size) is left out where the holds are read, not copied out.
  const want = {
    partySize: hold.partySize,
    time: hold.time,
    minutes: hold.holdingMinutes,
    online: options.online,
    exceptId: hold.bookingId,
  };
  if (hold.tables?.length) {
    const check = fits(floor, holds, hold.tables, want);
    if (check.ok) return { tables: check.tables, over: false };
    if (check.rule === 'unknown' || !options.override) throw new TableRule(ruleMessage(check, hold.partySize));
    return { tables: (unitFor(floor, hold.tables) as TableUnit).tables, over: true };
  }
  const held = holdIn(holds, hold.bookingId)?.tables;
  if (held?.length) {
    // Kept while they seat the new size (within the unit's minimum too) for the new stay.
    const kept = fits(floor, holds, held, want);
    const unit = unitFor(floor, held);
    if (kept.ok && 'minSeats' in unit && hold.partySize >= unit.minSeats) return { tables: kept.tables, over: false };
  }
  const best = assign(floor, holds, want);
  if (best) return { tables: best, over: false };
  if (options.override) return { tables: [], over: true };
  const largest = largestSeats(floor, options.online);
  throw new FullyBooked(
    hold.partySize > largest ? partyTooLargeMessage(hold.partySize, largest) : noTableFitsMessage(hold.partySize, hold.time),
  );
}

/** Staff move a hold to other tables: a broken rule is refused (TableRule) unless `force`; a name not on the floor always. */
export function moveTables(
  floor: Floor,
  holds: readonly SeatHold[],
  command: { date: string; bookingId: string; tables: string[]; force: boolean },
): SeatingEvent[] {
  const { date, bookingId } = command;
  const hold = holdIn(holds, bookingId);
  if (!hold) throw new NotFound(NOT_ON_DAY_MESSAGE);
  const check = fits(floor, holds, command.tables, {
    partySize: hold.partySize,
    time: hold.time,
    minutes: hold.holdingMinutes,
    online: false,
    exceptId: bookingId,
  });
  if (!check.ok && (check.rule === 'unknown' || !command.force)) throw new TableRule(ruleMessage(check, hold.partySize));
  const unit = unitFor(floor, command.tables) as TableUnit;
  // A party below the table's (or combination's) minimum is a rule too: staff are warned, and may move anyway.
  const below = check.ok && hold.partySize < unit.minSeats;
  if (below && !command.force) throw new TableRule(tableTooLargeMessage(unit.tables, unit.minSeats, hold.partySize));
  const tables = check.ok ? check.tables : unit.tables;
  if (sameTables(hold.tables, tables)) return [];
  const from = hold.tables ?? [];
  const forced = !check.ok || below;
  return [{ type: 'TablesAssigned', data: { date, bookingId, from, tables, by: 'staff', ...(forced ? { forced: true as const } : {}) } }];
}

/** Staff lengthen or shorten a stay: longer into another stay at its tables is refused (TableRule) unless `force`. */
export function changeStay(
  holds: readonly SeatHold[],
  command: { date: string; bookingId: string; minutes: number; force: boolean },
): SeatingEvent[] {
  const { date, bookingId, minutes } = command;
  const hold = holdIn(holds, bookingId);
  if (!hold) throw new NotFound(NOT_ON_DAY_MESSAGE);
  if (hold.holdingMinutes === minutes) return [];
  if (minutes > hold.holdingMinutes && hold.tables?.length && !command.force) {
    const taken = tablesTaken(holds, hold.tables, hold.time, minutes, bookingId);
    if (taken) throw new TableRule(tableTakenMessage(taken.table, taken.at));
  }
  return [{ type: 'StayChanged', data: { date, bookingId, from: hold.holdingMinutes, holdingMinutes: minutes } }];
}

/**
 * A floor was set: every booking's hold keeps its tables while they are still valid on it (every name on
 * the floor, enough seats, no stay kept before it at them), in time order; then each of the others gets
 * the best fit in time order (online tables first, then any), or is listed unplaced. One already unplaced
 * that still fits nowhere decides nothing, so a second run decides nothing. Events keep their tables.
 */
export function placeTables(floor: Floor, holds: readonly SeatHold[], date: string): SeatingEvent[] {
  const inOrder = holds
    .filter((h) => h.kind !== 'event')
    .sort((a, b) => a.time.localeCompare(b.time) || a.bookingId.localeCompare(b.bookingId));
  const placed: Record<string, SeatHold> = {};
  for (const h of holds) if (h.kind === 'event') placed[h.bookingId] = h;
  const waiting: SeatHold[] = [];
  for (const hold of inOrder) {
    const unit = hold.tables?.length ? unitFor(floor, hold.tables) : null;
    const valid =
      unit !== null &&
      !('unknown' in unit) &&
      hold.partySize <= unit.maxSeats &&
      !tablesTaken(Object.values(placed), unit.tables, hold.time, hold.holdingMinutes);
    if (valid) placed[hold.bookingId] = hold;
    else waiting.push(hold);
  }
  const events: SeatingEvent[] = [];
  for (const hold of waiting) {
    const rest = Object.values(placed);
    const want = { partySize: hold.partySize, time: hold.time, minutes: hold.holdingMinutes };
    const tables = assign(floor, rest, { ...want, online: true }) ?? assign(floor, rest, { ...want, online: false });
    const from = hold.tables ?? [];
    if (tables) {
      events.push({ type: 'TablesAssigned', data: { date, bookingId: hold.bookingId, from, tables, by: 'floor' } });
      placed[hold.bookingId] = { ...hold, tables };
    } else if (hold.tables === undefined || hold.tables.length > 0) {
      events.push({ type: 'TablesUnplaced', data: { date, bookingId: hold.bookingId } });
    }
  }
  return events;
}
