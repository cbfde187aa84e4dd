import { createHash } from 'node:crypto';
import { datesOfRange, type ClosureDay, type DayBooking } from '@cafe/contracts';
import { runPipeline } from '../platform/commands/command-pipeline.js';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import { bookingsOnDay, loadDay, seatingDecider } from '../cafe-day/index.js';
import { decideBlock, loadBlock } from '../blocked-dates/index.js';
import type { ClosureRef } from './closure-settle.js';
import type { Started } from './closure-record.js';

/**
 * The date is left to another block or closure (its reason), refused so the pipeline checks the states it
 * took from memory. Blocked by another block, the day's bookings are this closure's to list (`bookings`:
 * no new one comes in); closed by another closure, that one lists them.
 */
class LeftToAnother extends Conflict {
  constructor(
    readonly reason: string,
    readonly bookings: DayBooking[] = [],
  ) {
    super(reason);
  }
}

/** A date's block id: the closure's own for a single date (SPEC's answer {id}), one per date of a range. */
function blockedDateIdOf(started: Started, date: string): string {
  if (!started.range) return started.closureId;
  const hex = createHash('sha256').update(`${started.closureId}/${date}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export interface ClosedDays {
  days: ClosureDay[];
  /** The bookings on the days as their seating streams list them. */
  onDays: ClosureRef[];
  /** Why the first date was not closed by this closure (another block's or closure's reason), if it was not. */
  firstRefusedFor: string | null;
}

/**
 * Closes each date, one decision per date: its seating stream closes (DayClosed, listing the bookings on
 * it: one that reserved first is listed, one that comes after is refused as closed) and its blockedDate
 * stream lists it blocked (the public list, "one block per date", unblocking), in one append with the day's
 * first, so a day is never listed blocked while it still takes bookings. Both are idempotent for the same
 * closure: closing again after a crash changes nothing that was done. A date blocked by another block is
 * left to it (its bookings are those on the day now); one closed by another closure is left to that one.
 */
export async function closeEachDay(runtime: CommandRuntime, started: Started, context: CommandContext): Promise<ClosedDays> {
  const closed: ClosedDays = { days: [], onDays: [], firstRefusedFor: null };
  for (const date of datesOfRange(started.from, started.to)) {
    const blockedDateId = blockedDateIdOf(started, date);
    const onDay = (bookings: DayBooking[]) => bookings.map((b) => ({ kind: b.kind, id: b.bookingId, date }));
    try {
      const { value } = await runPipeline(
        runtime,
        context,
        async (tx) => {
          const day = await loadDay(tx, date);
          const block = await loadBlock(tx, date);
          const mine = block.state.status === 'blocked' && block.state.blockedDateId === blockedDateId;
          if (block.state.status === 'blocked' && !mine) throw new LeftToAnother(block.state.reason, bookingsOnDay(day.state));
          if (day.state.status === 'closed' && day.state.closure.closureId !== started.closureId) {
            throw new LeftToAnother(day.state.closure.reason);
          }
          const closure = { closureId: started.closureId, blockedDateId, reason: started.reason };
          const dayClosed = seatingDecider.decide({ type: 'CloseDay', date, closure }, day.state, tx.time);
          tx.append(day, dayClosed);
          if (mine) tx.require(block);
          else {
            const range = started.range ? { range: { id: started.closureId, from: started.from, to: started.to } } : {};
            decideBlock(tx, block, { type: 'BlockDate', blockedDateId, date, reason: started.reason, ...range });
          }
          // Closed now, the bookings it listed; closed by this closure before (a resumed run), those still on it.
          const [first] = dayClosed;
          return first?.type === 'DayClosed' ? first.data.bookings : bookingsOnDay(day.state);
        },
        { waitForReadModels: false },
      );
      closed.onDays.push(...onDay(value));
      closed.days.push({ date, blockedDateId });
    } catch (error) {
      if (!(error instanceof LeftToAnother)) throw error;
      closed.onDays.push(...onDay(error.bookings));
      closed.days.push({ date, blockedDateId: null });
      if (date === started.from) closed.firstRefusedFor = error.reason;
    }
  }
  return closed;
}
