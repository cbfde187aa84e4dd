import { formatLongDate, rangeAllBlockedMessage, type BookingClosure } from '@cafe/contracts';
import { withoutWaiting, type CommandContext } from '../platform/commands/command-runner.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import { asError } from '../platform/errors.js';
import { bookingsInRange, signUpsInRange } from './range-impact.js';
import { afterCancelled, type ClosuresRuntime } from './closure-participants.js';
import { settle, type BookingOutcome, type ClosureRef, type ClosureScope } from './closure-settle.js';
import { closeEachDay } from './close-each-day.js';
import { hoursClosureBookings, hoursScope } from './hours-closure.js';
import { completedOf, resultOf, type ClosureResult } from './closure-result.js';
import { loadClosure, record, type ClosureState, type DaysClosed, type Started } from './closure-record.js';

/**
 * Closing days, for one date or a range, as one durable process on its own stream closure-<id>:
 *
 * 1. ClosureStarted: the dates, the reason, keep or cancel (close-days.ts).
 * 2. Each day is closed on its seating stream and listed blocked on its blockedDate stream, in one
 *    decision per day (close-each-day.ts): a booking that reserved first is listed in DayClosed, one that
 *    comes after is refused there as closed.
 * 3. ClosureDaysClosed: the days and every booking on them (plus bookings older than the seats
 *    streams, from the calendar read model), and the game nights' sign-ups on them, listed once every
 *    day is listed blocked (a sign-up is refused there from then on).
 * 4. 'cancel': each booking and sign-up cancelled on its own stream with the closure, by the slice that
 *    owns it (closure-settle.ts asks the registered parts), which mails its guest once (a sign-up's places
 *    go back, nobody is promoted); that stream is the progress record, so a resumed closure skips what is
 *    done. The cancelled reservations' open tables close, each player told once why.
 * 5. ClosureCompleted, with what became of each booking.
 *
 * A change of opening hours that leaves bookings outside them is the same process without closing a
 * day (hours-closure.ts): its step 2 lists those bookings instead.
 *
 * Each step is one decision through the write pipeline, the record kept in memory between them (`state`:
 * the record as the caller just loaded it). An unfinished closure is resumed at start-up, and re-sending it
 * (the same dates) finishes it.
 */
export async function runClosure(
  runtime: ClosuresRuntime,
  closureId: string,
  context: CommandContext,
  options: { signal?: AbortSignal; state?: ClosureState } = {},
): Promise<ClosureResult> {
  const { signal } = options;
  let state = options.state ?? (await loadClosure(runtime, closureId, context));
  if (state.status === 'none') throw new Error(`closure ${closureId} was never started`);
  if (state.status === 'refused') throw new Conflict(state.message);
  const quiet = withoutWaiting(runtime);
  if (state.status === 'started' && state.started.hours) {
    const bookings = await hoursClosureBookings(runtime, state.started);
    state = await record(runtime, closureId, { type: 'ClosureDaysClosed', data: daysClosed(closureId, [], bookings, []) }, context);
  }
  if (state.status === 'started') {
    const s = state.started;
    const closed = await closeEachDay(quiet, s, context);
    if (!closed.days.some((d) => d.blockedDateId !== null)) {
      const reason = closed.firstRefusedFor;
      const message =
        !s.range && reason !== null ? `${formatLongDate(s.from)} is already blocked: ${reason}` : rangeAllBlockedMessage(s.from, s.to);
      await record(runtime, closureId, { type: 'ClosureRefused', data: { closureId, message } }, context);
      throw new Conflict(message);
    }
    const bookings = await bookingsOf(runtime, s, closed.onDays);
    const signUps = await signUpsOf(runtime, s);
    state = await record(
      runtime,
      closureId,
      { type: 'ClosureDaysClosed', data: daysClosed(closureId, closed.days, bookings, signUps) },
      context,
    );
  }
  if (state.status !== 'closing' && state.status !== 'completed') throw new Error(`closure ${closureId} is ${state.status}`);
  const { started, days } = state;
  const closure: BookingClosure = { reason: started.reason, from: started.from, to: started.to };
  const dates = new Set(days.days.map((d) => d.date));
  const scope: ClosureScope = started.hours
    ? await hoursScope(runtime, started, context)
    : { closure, affects: (b) => dates.has(b.date), closureOf: () => closure };
  const done = state.status === 'completed' ? state.completed : null;
  const mode = done && started.bookings === 'cancel' ? 'none' : started.bookings;
  const outcomes: BookingOutcome[] = [];
  for (const ref of refsOf(days)) {
    signal?.throwIfAborted();
    outcomes.push(await settle(quiet, ref, scope, mode, context));
  }
  const result = resultOf(started, days, outcomes, done);
  // The cancelled reservations' open tables close with them, each player told once.
  if (mode === 'cancel') await afterCancelled(quiet, result.cancelled, scope.closureOf, context);
  if (!done) await record(runtime, closureId, { type: 'ClosureCompleted', data: completedOf(closureId, result) }, context);
  try {
    await runtime.readModels.waitFor(await runtime.eventStore.headPosition());
  } catch (error) {
    context.onReadModelsBehind?.(asError(error));
  }
  return result;
}

/** ClosureDaysClosed as it is recorded: the bookings, then the game nights' sign-ups. */
function daysClosed(closureId: string, days: DaysClosed['days'], bookings: ClosureRef[], signUps: ClosureRef[]): DaysClosed {
  return {
    closureId,
    days,
    bookings: bookings.flatMap(({ kind, id, date }) => (kind === 'signUp' ? [] : [{ bookingId: id, kind, date }])),
    signUps: signUps.map(({ id, date }) => ({ signUpId: id, date })),
  };
}

/** What the closure settles, in the order it was recorded (closures recorded before sign-ups were listed have none). */
const refsOf = (days: DaysClosed): ClosureRef[] => [
  ...days.bookings.map((b) => ({ kind: b.kind, id: b.bookingId, date: b.date })),
  ...(days.signUps ?? []).map((s) => ({ kind: 'signUp' as const, id: s.signUpId, date: s.date })),
];

/** The day streams' bookings, and live bookings from before the day streams knew every booking (the calendar read model). */
async function bookingsOf(runtime: ClosuresRuntime, started: Started, onDays: ClosureRef[]): Promise<ClosureRef[]> {
  const refs = new Map(onDays.map((r) => [r.id, r]));
  for (const b of await bookingsInRange(runtime, started.from, started.to)) {
    if (!refs.has(b.id)) refs.set(b.id, { kind: b.kind, id: b.id, date: b.date });
  }
  return [...refs.values()];
}

/**
 * The game nights' sign-ups on the closure's days. Every day is listed blocked by now, and a sign-up is
 * decided with its date's block required unchanged, so once the read models hold everything stored so
 * far, none is missing and no more will come.
 */
async function signUpsOf(runtime: ClosuresRuntime, started: Started): Promise<ClosureRef[]> {
  await runtime.readModels.waitFor(await runtime.eventStore.headPosition());
  return (await signUpsInRange(runtime, started.from, started.to)).map((s) => ({ kind: 'signUp' as const, id: s.id, date: s.date }));
}
