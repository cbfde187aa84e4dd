import { EMPTY_FLOOR, type StayChange, type TableMove } from '@cafe/contracts';
import type { CommandTx } from '../platform/commands/command-pipeline.js';
import { floorPolicy, loadDay, seatingDecider } from '../cafe-day/index.js';

/**
 * The floor's decisions on a day's stream (cafe-day's seating decider decides them, with the floor
 * loaded in the same decision and required unchanged at the append): a floor's placement of the day,
 * a staff move, a stay made longer or shorter.
 */

/** PlaceTables on the day: how many holds got a table and how many are left unplaced. Without a floor, nothing. */
export async function placeTablesOn(tx: CommandTx, date: string): Promise<{ placed: number; unplaced: number }> {
  const floor = await floorPolicy(tx);
  if (!floor) return { placed: 0, unplaced: 0 };
  const day = await loadDay(tx, date);
  const events = seatingDecider.decide({ type: 'PlaceTables', date, floor }, day.state, tx.time);
  tx.append(day, events);
  return {
    placed: events.filter((e) => e.type === 'TablesAssigned').length,
    unplaced: events.filter((e) => e.type === 'TablesUnplaced').length,
  };
}

/** MoveTables: refused with the rule it breaks (409 table-rule) unless forced; a table not on the floor always. */
export async function moveTablesOn(tx: CommandTx, move: TableMove): Promise<string[]> {
  const floor = (await floorPolicy(tx)) ?? EMPTY_FLOOR;
  const day = await loadDay(tx, move.date);
  const { date, bookingId, tables } = move;
  const events = seatingDecider.decide(
    { type: 'MoveTables', date, bookingId, tables, force: move.force === true, floor },
    day.state,
    tx.time,
  );
  tx.append(day, events);
  const assigned = events.find((e) => e.type === 'TablesAssigned');
  return assigned ? assigned.data.tables : tables;
}

/** ChangeStay: longer into the next stay at its tables is refused (409 table-rule) unless forced. */
export async function changeStayOn(tx: CommandTx, change: StayChange & { force?: boolean }): Promise<number> {
  const day = await loadDay(tx, change.date);
  const { date, bookingId, minutes } = change;
  tx.append(day, seatingDecider.decide({ type: 'ChangeStay', date, bookingId, minutes, force: change.force === true }, day.state, tx.time));
  return minutes;
}
