import { randomUUID } from 'node:crypto';
import { BLOCKED_DATE_NOT_FOUND, isIsoDate, type BlockedDate, type BlockedDateInput } from '@cafe/contracts';
import { runCommand, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { blockedDateStream } from '../bookings/closed-dates.js';
import { blockedDateDecider } from './blocked-date-decider.js';
import { blockedDatesProjection, type BlockedDateDoc } from './blocked-dates-projection.js';

/** Close a day. The date's own stream makes "one block per date" a conflict, even under a race. */
export async function blockDate(runtime: CommandRuntime, input: BlockedDateInput, context: CommandContext): Promise<BlockedDate> {
  const blockedDateId = randomUUID();
  await runCommand(
    runtime,
    blockedDateDecider,
    blockedDateStream(input.date),
    { type: 'BlockDate', blockedDateId, date: input.date, reason: input.reason },
    context,
  );
  return { id: blockedDateId, date: input.date, reason: input.reason };
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
  const result = await runCommand(
    runtime,
    blockedDateDecider,
    blockedDateStream(date),
    { type: 'UnblockDate', date, blockedDateId },
    context,
  );
  const unblocked = result.events[0]!.data;
  return { id: unblocked.blockedDateId, date: unblocked.date };
}
