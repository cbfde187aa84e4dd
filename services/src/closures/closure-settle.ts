import { setTimeout as sleep } from 'node:timers/promises';
import type { BookingClosure, RangeBooking } from '@cafe/contracts';
import { runPipeline } from '../platform/commands/command-pipeline.js';
import { withoutWaiting, type CommandContext } from '../platform/commands/command-runner.js';
import { DomainError } from '../platform/commands/domain-errors.js';
import type { ClosureItem, ClosureKind, ClosureSettler } from '../platform/runtime/closure-parts.js';
import { bookingsOnDay, seatingDecider, seatingStream } from '../cafe-day/index.js';
import { settlerOf, type ClosuresRuntime } from './closure-participants.js';

/** One thing on a closure's days, as ClosureDaysClosed records it (a booking or a game night's sign-up). */
export interface ClosureRef {
  kind: ClosureKind;
  id: string;
  date: string;
}

/**
 * What a closure settles: the things it `affects` (on its closed days, or outside the new hours) and
 * the closure each is cancelled with (a change of hours names that day's new hours).
 */
export interface ClosureScope {
  closure: BookingClosure;
  affects: (booking: RangeBooking) => boolean;
  closureOf: (booking: RangeBooking) => BookingClosure;
}

/** What became of one thing of a closure's days. */
export type BookingOutcome =
  | { outcome: 'cancelled' | 'kept'; booking: RangeBooking }
  | { outcome: 'notCancelled'; booking: RangeBooking; message: string }
  /** Not (or no longer) live on the closed days: never stored, cancelled or moved by someone else. */
  | { outcome: 'gone' };

/**
 * How long a booking whose seats the day holds may take to appear on its own stream: it reserved just
 * before the day closed and its own append is in flight. A booking whose writer died in between never
 * appears (and was never answered), so after this it is no booking.
 */
const IN_FLIGHT_WAIT_MS = 10_000;
const CANCEL_ATTEMPTS = 5;

/**
 * Test knob only (the SIGKILL test of a closure): a pause before each cancellation, so a process can be
 * killed halfway through. Unset in every real deployment.
 */
const cancelDelayMs = () => Number(process.env.CLOSURE_TEST_CANCEL_DELAY_MS ?? 0);

/**
 * Settles one thing of a closure through the slice that owns it: cancelled by this closure already (a
 * resumed or re-sent closure finds it so on its own stream and cancels nobody twice), cancelled now
 * ('cancel', on its own stream with the closure, which mails its guest once), kept ('keep'), or gone
 * (no longer one the closure affects). Changed meanwhile (a stale version): read again, decide again.
 */
export async function settle(
  runtime: ClosuresRuntime,
  ref: ClosureRef,
  scope: ClosureScope,
  mode: 'keep' | 'cancel' | 'none',
  context: CommandContext,
): Promise<BookingOutcome> {
  const settler = settlerOf(runtime, ref.kind);
  let lastError = '';
  for (let attempt = 0; attempt < CANCEL_ATTEMPTS; attempt++) {
    const item = await readSettling(runtime, settler, ref, scope.closure, context, true);
    if (item.cancelledByIt !== undefined)
      return item.cancelledByIt ? { outcome: 'cancelled', booking: item.cancelledByIt } : { outcome: 'gone' };
    const booking = item.live;
    if (!booking || !scope.affects(booking)) return { outcome: 'gone' };
    if (mode === 'keep') return { outcome: 'kept', booking };
    if (mode === 'none') return { outcome: 'notCancelled', booking, message: lastError };
    const delay = cancelDelayMs();
    if (delay > 0) await sleep(delay);
    try {
      // One wait for the read models at the end of the closure, not one per booking.
      await settler.cancel(withoutWaiting(runtime), booking, scope.closureOf(booking), context);
      return { outcome: 'cancelled', booking };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      lastError = error.message;
    }
  }
  const booking = (await readSettling(runtime, settler, ref, scope.closure, context, false)).live;
  return booking ? { outcome: 'notCancelled', booking, message: lastError } : { outcome: 'gone' };
}

/**
 * The thing as its own stream holds it, waiting a moment while the day holds its seats (or request) but
 * its own stream does not say so yet: a new booking, or a move onto the day, whose own append is still in
 * flight. The day gives the seats back when that append fails, and only after the booking's own append
 * when it leaves the day, so the day's stream says when to stop waiting.
 */
async function readSettling(
  runtime: ClosuresRuntime,
  settler: ClosureSettler,
  ref: ClosureRef,
  closure: BookingClosure,
  context: CommandContext,
  wait: boolean,
): Promise<ClosureItem> {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const item = await settler.read(runtime, ref.id, closure, context);
    const inFlight = !item.stored || (item.live !== null && item.live.date !== ref.date);
    if (!inFlight || !wait || Date.now() > deadline) return item;
    if (!(await dayHolds(runtime, ref, context))) return item;
    await sleep(10);
  }
}

/** Whether the day's seating stream, as stored, holds the booking's seats or request. */
async function dayHolds(runtime: ClosuresRuntime, ref: ClosureRef, context: CommandContext): Promise<boolean> {
  const { value: day } = await runPipeline(
    runtime,
    context,
    async (tx) => (await tx.load({ streamId: seatingStream(ref.date), ...seatingDecider })).state,
    { waitForReadModels: false },
  );
  return bookingsOnDay(day).some((b) => b.bookingId === ref.id);
}
