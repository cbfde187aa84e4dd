import { randomUUID } from 'node:crypto';
import { datesOfRange, formatLongDate, rangeAllBlockedMessage, type ClosureRequest } from '@cafe/contracts';
import { runPipeline } from '../platform/commands/command-pipeline.js';
import type { CommandContext } from '../platform/commands/command-runner.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import { loadDay } from '../cafe-day/index.js';
import { loadBlock } from '../blocked-dates/index.js';
import type { ClosuresRuntime } from './closure-participants.js';
import { closureDecider, closureSpec } from './closure-record.js';
import { runClosure } from './closure-process.js';
import type { ClosureResult } from './closure-result.js';
import { openClosuresProjection, type OpenClosureDoc } from './open-closures-projection.js';

/**
 * Close the days (or finish closing them, when the same dates have an unfinished closure) and answer what
 * became of the bookings. Whether to start, go on with one, or refuse is one decision: the dates' blocks
 * and days, and the records of the closures closing them (or started but stopped before closing
 * any: the open_closures read model); a new closure's record starts in that same decision.
 */
export async function closeDays(runtime: ClosuresRuntime, request: ClosureRequest, context: CommandContext): Promise<ClosureResult> {
  const dates = datesOfRange(request.from, request.to);
  const unfinished = await runtime.documents.collection<OpenClosureDoc>(openClosuresProjection.name).find({});
  const closureId = randomUUID();
  const { value: goOn } = await runPipeline(
    runtime,
    context,
    async (tx) => {
      // Kept in memory from here, so closing each day next reads none of them again.
      const blocks = await Promise.all(dates.map(async (date) => (await loadBlock(tx, date)).state));
      const days = await Promise.all(dates.map(async (date) => (await loadDay(tx, date)).state));
      const closing = new Set([
        ...days.flatMap((d) => (d.status === 'closed' ? [d.closure.closureId] : [])),
        ...unfinished.filter((c) => c.from === request.from && c.to === request.to).map((c) => c.id),
      ]);
      // The same dates closed by a closure not yet finished (or, finished, sent again as it was): finish and answer it.
      for (const id of closing) {
        const { state } = await tx.load(closureSpec(id));
        if (state.status === 'none' || state.status === 'refused') continue;
        const s = state.started;
        // A change of hours closes no day: never the closure of these dates.
        if (s.hours) continue;
        if (s.from !== request.from || s.to !== request.to || s.range !== request.range) continue;
        const same = s.reason === request.reason && s.bookings === request.bookings;
        if (state.status !== 'completed' || same) return { id, state };
      }
      if (!request.range && blocks[0]!.status === 'blocked') {
        throw new Conflict(`${formatLongDate(request.from)} is already blocked: ${blocks[0]!.reason}`);
      }
      if (!blocks.some((b) => b.status === 'open')) throw new Conflict(rangeAllBlockedMessage(request.from, request.to));
      const record = await tx.load(closureSpec(closureId, true));
      const started = closureDecider.decide({ type: 'ClosureStarted', data: { closureId, ...request } }, record.state, tx.time);
      tx.append(record, started);
      return { id: closureId, state: started.reduce(closureDecider.evolve, record.state) };
    },
    { waitForReadModels: false },
  );
  return runClosure(runtime, goOn.id, context, { state: goOn.state });
}
