import type { CommandTx } from '../platform/commands/command-pipeline.js';
import type { CommandContext } from '../platform/commands/command-runner.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import type { BlockedDateState } from '../cafe-day/index.js';
import { blockedDatesProjection, loadBlock, reopenIn, type BlockedDateDoc } from '../blocked-dates/index.js';
import type { ClosureReads, ClosuresRuntime } from './closure-participants.js';
import { closureSpec, loadClosure } from './closure-record.js';
import { closeDays } from './close-days.js';
import type { ClosureResult } from './closure-result.js';
import type { HoursChange } from './hours-closure.js';

/**
 * Holidays marked closed in Business Info (hours-changes): each closes its date as a blocked date does, its
 * note the reason guests read, and is opened again when the holiday is removed or given hours.
 */
export interface ClosedHoliday {
  date: string;
  reason: string;
  block: BlockedDateState;
}

/**
 * Closes the holidays' dates: those closed now, and those closed by a holiday closure a crash cut off
 * (finished here); one closed otherwise is left to its own block.
 */
export async function closeHolidays(
  runtime: ClosuresRuntime,
  holidays: ClosedHoliday[],
  bookings: 'keep' | 'cancel',
  context: CommandContext,
): Promise<ClosureResult[]> {
  const results: ClosureResult[] = [];
  for (const h of holidays) {
    if (h.block.status === 'blocked' && !(await unfinished(runtime, h.block.blockedDateId, context))) continue;
    try {
      results.push(
        await closeDays(runtime, { from: h.date, to: h.date, reason: h.reason, bookings, range: false, holiday: true }, context),
      );
    } catch (error) {
      // Blocked by staff a moment ago: that block is the day's closure.
      if (!(error instanceof Conflict)) throw error;
    }
  }
  return results;
}

/** Started and not completed: a single date's block id is its closure's id. */
async function unfinished(runtime: ClosuresRuntime, closureId: string, context: CommandContext): Promise<boolean> {
  const state = await loadClosure(runtime, closureId, context);
  return state.status === 'started' || state.status === 'closing';
}

/**
 * Lifts, as a step of the caller's decision (the business info save's: saved and reopened in one append),
 * the blocks of holidays closed here that the new hours no longer close; a block unblocked (or blocked
 * anew) meanwhile by staff is left as it is. Only this slice reads a block's closure record to know it was a holiday's.
 */
export async function reopenHolidaysIn(tx: CommandTx, runtime: ClosureReads, { after }: HoursChange, today: string): Promise<void> {
  const stillClosed = new Set(after.exceptions.filter((e) => e.closed).map((e) => e.date));
  const blocks = await runtime.documents.collection<BlockedDateDoc>(blockedDatesProjection.name).find({ date: { $gte: today } });
  const opened = blocks.filter((block) => !stillClosed.has(block.date) && !block.range);
  for (const { id, date } of opened) {
    const { state } = await tx.load(closureSpec(id));
    if (state.status === 'none' || !state.started.holiday) continue;
    const block = (await loadBlock(tx, date)).state;
    if (block.status !== 'blocked' || block.blockedDateId !== id) continue;
    await reopenIn(tx, { type: 'UnblockDate', date, blockedDateId: id });
  }
}
