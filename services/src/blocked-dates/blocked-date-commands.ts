import { BLOCKED_DATE_NOT_FOUND, isIsoDate } from '@cafe/contracts';
import { runPipeline, type CommandTx, type PipelineResult } from '../platform/commands/command-pipeline.js';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { loadDay, seatingDecider } from '../cafe-day/index.js';
import { blockedDateDecider, type BlockedDateCommand } from './blocked-date-decider.js';

type UnblockDate = Extract<BlockedDateCommand, { type: 'UnblockDate' }>;
import { blockedDatesProjection, type BlockedDateDoc } from './blocked-dates-projection.js';
import { loadBlock } from './blocked-date-stream.js';

/**
 * Reopen a day, named by the block's id (as the dashboard sends it) or by its yyyy-MM-dd date. The
 * read model only locates the stream; the decider re-checks the id against the stream itself.
 */
export async function unblockDate(
  runtime: CommandRuntime & { documents: DocumentStore },
  idOrDate: string,
  context: CommandContext,
): Promise<{ id: string; date: string }> {
  let date: string;
  let blockedDateId: string | undefined;
  if (isIsoDate(idOrDate)) {
    date = idOrDate;
  } else {
    const doc = await runtime.documents.collection<BlockedDateDoc>(blockedDatesProjection.name).findOne({ id: idOrDate });
    if (!doc) throw new NotFound(BLOCKED_DATE_NOT_FOUND);
    date = doc.date;
    blockedDateId = idOrDate;
  }
  const { value } = await reopenDay(runtime, { type: 'UnblockDate', date, blockedDateId }, context);
  return { id: value.blockedDateId, date: value.date };
}

/**
 * Lift a date's block, one decision: the blockedDate stream decides first (a wrong id is refused before
 * anything is written), the day's seating stream reopens (bookings are taken again), and both go in one
 * append. The day's goes first: on a store that cannot append both at once, a crash in between leaves the
 * day listed blocked, and unblocking again finishes it (reopening an open day changes nothing).
 */
export const reopenDay = (
  runtime: CommandRuntime,
  command: UnblockDate,
  context: CommandContext,
): Promise<PipelineResult<{ blockedDateId: string; date: string }>> => runPipeline(runtime, context, (tx) => reopenIn(tx, command));

/** The same, within a decision that may reopen other days too (holidays opened again by a change of hours). */
export async function reopenIn(tx: CommandTx, command: UnblockDate): Promise<{ blockedDateId: string; date: string }> {
  const block = await loadBlock(tx, command.date);
  // Refused here (no block, another id, another range) before the day is touched.
  const unblocked = blockedDateDecider.decide(command, block.state, tx.time);
  const { blockedDateId, date } = unblocked[0]!.data;
  const day = await loadDay(tx, date);
  tx.append(day, seatingDecider.decide({ type: 'ReopenDay', date, blockedDateId }, day.state, tx.time));
  tx.append(block, unblocked);
  return { blockedDateId, date };
}
