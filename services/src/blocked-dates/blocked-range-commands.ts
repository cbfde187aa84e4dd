import { RANGE_NOT_FOUND } from '@cafe/contracts';
import { withoutWaiting, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { Position } from '../platform/event-store/event-store.js';
import { asError } from '../platform/errors.js';
import { reopenDay } from './blocked-date-commands.js';
import { blockedDatesProjection, type BlockedDateDoc } from './blocked-dates-projection.js';

type RangeRuntime = CommandRuntime & { documents: DocumentStore };

/**
 * Reopen the dates a range block still holds, each in its own decision (reopenDay); dates blocked on
 * their own or unblocked since stay as they are. Closing a range is a closure (the closures slice).
 */
export async function unblockDateRange(
  runtime: RangeRuntime,
  rangeId: string,
  context: CommandContext,
): Promise<{ id: string; dates: string[] }> {
  const docs = await runtime.documents
    .collection<BlockedDateDoc>(blockedDatesProjection.name)
    .find({ 'range.id': rangeId }, { sort: { date: 1 } });
  if (docs.length === 0) throw new NotFound(RANGE_NOT_FOUND);
  const quiet = withoutWaiting(runtime);
  const dates: string[] = [];
  let last: Position | null = null;
  for (const doc of docs) {
    try {
      const result = await reopenDay(quiet, { type: 'UnblockDate', date: doc.date, rangeId }, context);
      dates.push(doc.date);
      last = result.position ?? last;
    } catch (error) {
      if (error instanceof NotFound) continue;
      throw error;
    }
  }
  if (dates.length === 0) throw new NotFound(RANGE_NOT_FOUND);
  await settle(runtime, last, context);
  return { id: rangeId, dates };
}

async function settle(runtime: CommandRuntime, position: Position | null, context: CommandContext): Promise<void> {
  if (position === null) return;
  try {
    await runtime.readModels.waitFor(position);
  } catch (error) {
    context.onReadModelsBehind?.(asError(error));
  }
}
