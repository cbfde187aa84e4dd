import { BLOCKED_DATE_NOT_FOUND, isIsoDate, type BlockedDateEvent, type BlockedDateInput, type BlockedDateResult } from '@cafe/contracts';
import {
  loadState,
  runCommand,
  type CommandContext,
  type CommandResult,
  type CommandRuntime,
} from '../platform/commands/command-runner.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { timeContext } from '../platform/clock.js';
import { blockedDateDecider, type BlockedDateCommand, blockedDatesProjection, type BlockedDateDoc } from '../blocked-dates/index.js';
import { blockedDateStream } from '../cafe-day/index.js';
import { runDayCommand } from '../cafe-day/index.js';
import { closeDays, type ClosureRuntime } from './closure-process.js';

/**
 * Close a day: the same closure a range is (closure-process.ts), for one date. SPEC's answer {id, date,
 * reason}, with what became of the day's bookings ('keep' unless staff chose 'cancel').
 */
export async function blockDate(runtime: ClosureRuntime, input: BlockedDateInput, context: CommandContext): Promise<BlockedDateResult> {
  const result = await closeDays(
    runtime,
    { from: input.date, to: input.date, reason: input.reason, bookings: input.bookings ?? 'keep', range: false },
    context,
  );
  const { cancelled, notCancelled, kept } = result;
  return { id: result.blockedDateId ?? result.id, date: input.date, reason: result.reason, cancelled, notCancelled, kept };
}

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
  const result = await reopenDay(runtime, { type: 'UnblockDate', date, blockedDateId }, context);
  const unblocked = result.events[0]!.data;
  return { id: unblocked.blockedDateId, date: unblocked.date };
}

/**
 * Lift a date's block: decided on its blockedDate stream first (a wrong id is refused before anything
 * is written), then the day's seating stream reopens (bookings are taken again), then DateUnblocked.
 * A crash in between leaves the day taking bookings while still listed blocked; unblocking again
 * finishes it (reopening an open day changes nothing).
 */
export async function reopenDay(
  runtime: CommandRuntime,
  command: Extract<BlockedDateCommand, { type: 'UnblockDate' }>,
  context: CommandContext,
): Promise<CommandResult<BlockedDateEvent>> {
  const { state } = await loadState(runtime.eventStore, blockedDateDecider, blockedDateStream(command.date));
  const [decided] = blockedDateDecider.decide(command, state, timeContext(runtime.clock, runtime.config.zone));
  const { blockedDateId, date } = decided!.data;
  await runDayCommand(runtime, date, { type: 'ReopenDay', date, blockedDateId }, context);
  return runCommand(runtime, blockedDateDecider, blockedDateStream(date), { ...command, blockedDateId }, context);
}
