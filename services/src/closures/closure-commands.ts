import type { BlockedDateInput, BlockedDateResult, BlockedRangeInput, BlockedRangeResult } from '@cafe/contracts';
import type { CommandContext } from '../platform/commands/command-runner.js';
import type { ClosuresRuntime } from './closure-participants.js';
import { closeDays } from './close-days.js';

/**
 * Close a day: the same closure a range is (closure-process.ts), for one date. SPEC's answer {id, date,
 * reason}, with what became of the day's bookings ('keep' unless staff chose 'cancel'). Reopening it is
 * the blocked-dates slice's (no closure: the day just takes bookings again).
 */
export async function blockDate(runtime: ClosuresRuntime, input: BlockedDateInput, context: CommandContext): Promise<BlockedDateResult> {
  const result = await closeDays(
    runtime,
    { from: input.date, to: input.date, reason: input.reason, bookings: input.bookings ?? 'keep', range: false },
    context,
  );
  const { cancelled, notCancelled, kept } = result;
  return { id: result.blockedDateId ?? result.id, date: input.date, reason: result.reason, cancelled, notCancelled, kept };
}

/**
 * Close every date from `from` to `to` as one closure (closure-process.ts): each date closed on its
 * seating stream and listed with a DateBlocked naming the range, so the closed-day rule, the public list
 * and single-day unblocking stay as they are. A date already blocked keeps its own block. Then, when
 * staff chose to, every live booking on those days is cancelled on its own stream, which mails its guest.
 */
export async function blockDateRange(
  runtime: ClosuresRuntime,
  input: BlockedRangeInput,
  context: CommandContext,
): Promise<BlockedRangeResult> {
  const { blockedDateId: _single, ...result } = await closeDays(
    runtime,
    { from: input.from, to: input.to, reason: input.reason, bookings: input.bookings, range: true },
    context,
  );
  return result;
}
