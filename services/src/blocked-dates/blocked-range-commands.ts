import { randomUUID } from 'node:crypto';
import {
  RANGE_NOT_FOUND,
  datesOfRange,
  rangeAllBlockedMessage,
  type BlockedRangeInput,
  type BlockedRangeResult,
  type BookingClosure,
  type RangeBooking,
} from '@cafe/contracts';
import { runCommand, withoutWaiting, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { Conflict, DomainError, NotFound } from '../platform/commands/domain-errors.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { Position } from '../platform/event-store/event-store.js';
import { asError } from '../platform/errors.js';
import { blockedDateStream } from '../bookings/closed-dates.js';
import { cancelReservation } from '../reservations/reservation-commands.js';
import { cancelPartyBooking } from '../party-bookings/party-booking-commands.js';
import { blockedDateDecider } from './blocked-date-decider.js';
import { blockedDatesProjection, type BlockedDateDoc } from './blocked-dates-projection.js';
import { bookingsInRange } from './range-impact.js';

type RangeRuntime = CommandRuntime & { documents: DocumentStore };

/**
 * Close every date from `from` to `to`: one DateBlocked per date on that date's own stream, each naming
 * the range, so the closed-day rule, the public list and single-day unblocking stay as they are. A date
 * already blocked keeps its own block. Then, when staff chose to, every live booking in the range is
 * cancelled on its own stream (expecting the revision the read model shows), which mails its guest.
 */
export async function blockDateRange(
  runtime: RangeRuntime,
  input: BlockedRangeInput,
  context: CommandContext,
): Promise<BlockedRangeResult> {
  const range = { id: randomUUID(), from: input.from, to: input.to };
  // One wait for the read models at the end, not one per date.
  const quiet = withoutWaiting(runtime);
  const blocked: string[] = [];
  let last: Position | null = null;
  for (const date of datesOfRange(input.from, input.to)) {
    try {
      const result = await runCommand(
        quiet,
        blockedDateDecider,
        blockedDateStream(date),
        { type: 'BlockDate', blockedDateId: randomUUID(), date, reason: input.reason, range },
        context,
      );
      blocked.push(date);
      last = result.position ?? last;
    } catch (error) {
      // Blocked already (or just now by someone else): that date is closed either way.
      if (error instanceof Conflict) continue;
      throw error;
    }
  }
  if (blocked.length === 0) throw new Conflict(rangeAllBlockedMessage(input.from, input.to));
  await settle(runtime, last, context);

  const cancelled: RangeBooking[] = [];
  const notCancelled: BlockedRangeResult['notCancelled'] = [];
  if (input.bookings === 'cancel') {
    const closure: BookingClosure = { reason: input.reason, from: input.from, to: input.to };
    for (const booking of await bookingsInRange(runtime.documents, input.from, input.to)) {
      try {
        const cancel = booking.kind === 'reservation' ? cancelReservation : cancelPartyBooking;
        await cancel(quiet, booking.id, booking.version, context, closure);
        cancelled.push(booking);
      } catch (error) {
        // Changed or cancelled since it was read: left for staff to look at, never cancelled blind.
        if (error instanceof DomainError) notCancelled.push({ ...booking, message: error.message });
        else throw error;
      }
    }
    if (cancelled.length > 0) await settle(runtime, await runtime.eventStore.headPosition(), context);
  }
  return { ...range, reason: input.reason, blocked, cancelled, notCancelled };
}

/** Reopen the dates a range block still holds; dates blocked on their own or unblocked since stay as they are. */
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
      const result = await runCommand(
        quiet,
        blockedDateDecider,
        blockedDateStream(doc.date),
        { type: 'UnblockDate', date: doc.date, rangeId },
        context,
      );
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
