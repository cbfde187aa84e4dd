import { createHash, randomUUID } from 'node:crypto';
import {
  datesOfRange,
  formatLongDate,
  rangeAllBlockedMessage,
  type BlockedDateEvent,
  type BookingClosure,
  type ClosureDay,
  type RangeBooking,
  type SeatingEvent,
} from '@cafe/contracts';
import { runCommand, withoutWaiting, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { fold } from '../platform/commands/decider.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { asError } from '../platform/errors.js';
import { blockedDateDecider } from '../blocked-dates/index.js';
import { blockedDateEvolution, blockedDateStream, type BlockedDateState } from '../cafe-day/index.js';
import { runDayCommand, bookingsOnDay, seatingDecider, seatingStream, type SeatingState } from '../cafe-day/index.js';
import { bookingsInRange } from './range-impact.js';
import { settleBooking, type BookingOutcome, type BookingRef, type ClosureScope } from './closure-bookings.js';
import { settleSignUp, signUpsInRange, type SignUpRefOfDay } from './closure-sign-ups.js';
import { hoursClosureBookings, hoursScope } from './hours-closure.js';
import { closeTablesOf } from './closure-tables.js';
import { loadClosure, record, type Completed, type DaysClosed, type Started } from './closure-record.js';
import { openClosuresProjection, type OpenClosureDoc } from './open-closures-projection.js';

/**
 * Closing days, for one date or a range, as one durable process on its own stream closure-<id>:
 *
 * 1. ClosureStarted: the dates, the reason, keep or cancel.
 * 2. Each day is closed on its seating stream (DayClosed, with the expected revision, in the same
 *    batches as the bookings' seats): the authority every booking meets. A booking that reserved first
 *    is listed in DayClosed; one that comes after is refused there as closed. Then the date's
 *    blockedDate stream gets its DateBlocked (the public list, "one block per date", unblocking).
 *    Crash rule: DayClosed comes first, so a day is never listed blocked while it still takes bookings;
 *    a day closed but not yet listed is finished by the resume. Both appends are idempotent for the
 *    same closure, so closing again after a crash changes nothing that was done.
 * 3. ClosureDaysClosed: the days and every booking on them (plus bookings older than the seats
 *    streams, from the calendar read model), and the game nights' sign-ups on them, listed once every
 *    day is listed blocked (a sign-up is refused there from then on).
 * 4. 'cancel': each booking and sign-up cancelled on its own stream with the closure, which mails its
 *    guest once (a sign-up's places go back, nobody is promoted); that stream is the progress record,
 *    so a resumed closure skips what is done. The cancelled reservations' open tables close, each
 *    player told once why.
 *
 * A change of opening hours that leaves bookings outside them is the same process without closing a
 * day (hours-closure.ts): its step 2 lists those bookings instead.
 * 5. ClosureCompleted, with what became of each booking.
 *
 * An unfinished closure is resumed at start-up, and re-sending it (the same dates) finishes it.
 */
export { closureStream } from './closure-record.js';

export interface ClosureRequest {
  from: string;
  to: string;
  reason: string;
  bookings: 'keep' | 'cancel';
  /** Sent as a range: each date's block names the range. */
  range: boolean;
  /** A holiday marked closed in Business Info: its block is lifted when the holiday opens again. */
  holiday?: boolean;
}

export interface ClosureResult {
  id: string;
  from: string;
  to: string;
  reason: string;
  blocked: string[];
  /** The date's block id, for a single date. */
  blockedDateId: string | null;
  cancelled: RangeBooking[];
  notCancelled: (RangeBooking & { message: string })[];
  kept: RangeBooking[];
}

export type ClosureRuntime = CommandRuntime & { documents: DocumentStore };

/** A date's block id: the closure's own for a single date (SPEC's answer {id}), one per date of a range. */
function blockedDateIdOf(started: Started, date: string): string {
  if (!started.range) return started.closureId;
  const hex = createHash('sha256').update(`${started.closureId}/${date}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const readDay = async (runtime: CommandRuntime, date: string) =>
  fold<SeatingState, SeatingEvent>(seatingDecider, await runtime.eventStore.readStream(seatingStream(date)));
const readBlock = async (runtime: CommandRuntime, date: string) =>
  fold<BlockedDateState, BlockedDateEvent>(blockedDateEvolution, await runtime.eventStore.readStream(blockedDateStream(date)));

/** Close the days (or finish closing them, when the same dates have an unfinished closure) and answer what became of the bookings. */
export async function closeDays(runtime: ClosureRuntime, request: ClosureRequest, context: CommandContext): Promise<ClosureResult> {
  const dates = datesOfRange(request.from, request.to);
  const blocks = await Promise.all(dates.map((date) => readBlock(runtime, date)));
  // The same dates closed by a closure not yet finished (or, finished, sent again as it was): finish and answer it.
  // Those closing these days, and those started but stopped before closing any (the open_closures read model).
  const unfinished = await runtime.documents.collection<OpenClosureDoc>(openClosuresProjection.name).find({});
  const closing = new Set([
    ...(await Promise.all(dates.map((date) => readDay(runtime, date)))).flatMap((d) =>
      d.status === 'closed' ? [d.closure.closureId] : [],
    ),
    ...unfinished.filter((c) => c.from === request.from && c.to === request.to).map((c) => c.id),
  ]);
  for (const closureId of closing) {
    const { state } = await loadClosure(runtime, closureId);
    if (state.status === 'none' || state.status === 'refused') continue;
    const s = state.started;
    // A change of hours closes no day: never the closure of these dates.
    if (s.hours) continue;
    if (s.from !== request.from || s.to !== request.to || s.range !== request.range) continue;
    const same = s.reason === request.reason && s.bookings === request.bookings;
    if (state.status !== 'completed' || same) return runClosure(runtime, closureId, context);
  }
  const open = blocks.filter((b) => b.status === 'open').length;
  if (!request.range && blocks[0]!.status === 'blocked') {
    throw new Conflict(`${formatLongDate(request.from)} is already blocked: ${blocks[0]!.reason}`);
  }
  if (open === 0) throw new Conflict(rangeAllBlockedMessage(request.from, request.to));
  const closureId = randomUUID();
  await record(runtime, closureId, { type: 'ClosureStarted', data: { closureId, ...request } }, context, true);
  return runClosure(runtime, closureId, context);
}

/** Runs a closure from wherever it stopped; every step is idempotent for the same closure. */
export async function runClosure(
  runtime: ClosureRuntime,
  closureId: string,
  context: CommandContext,
  signal?: AbortSignal,
): Promise<ClosureResult> {
  let { state } = await loadClosure(runtime, closureId);
  if (state.status === 'none') throw new Error(`closure ${closureId} was never started`);
  if (state.status === 'refused') throw new Conflict(state.message);
  const quiet = withoutWaiting(runtime);
  if (state.status === 'started' && state.started.hours) {
    const bookings = await hoursClosureBookings(runtime, state.started);
    await record(runtime, closureId, { type: 'ClosureDaysClosed', data: { closureId, days: [], bookings, signUps: [] } }, context);
    state = (await loadClosure(runtime, closureId)).state;
  }
  if (state.status === 'started') {
    const closed = await closeEachDay(quiet, state.started, context);
    if (!closed.days.some((d) => d.blockedDateId !== null)) {
      const s = state.started;
      // The other block's reason: listed already, or (closed a moment ago) on the day's stream only.
      const [block, day] = [await readBlock(runtime, s.from), await readDay(runtime, s.from)];
      const reason = block.status === 'blocked' ? block.reason : day.status === 'closed' ? day.closure.reason : null;
      const message =
        !s.range && reason !== null ? `${formatLongDate(s.from)} is already blocked: ${reason}` : rangeAllBlockedMessage(s.from, s.to);
      await record(runtime, closureId, { type: 'ClosureRefused', data: { closureId, message } }, context);
      throw new Conflict(message);
    }
    const bookings = await bookingsOf(runtime, state.started, closed.onDays);
    const signUps = await signUpsOf(runtime, state.started);
    await record(runtime, closureId, { type: 'ClosureDaysClosed', data: { closureId, days: closed.days, bookings, signUps } }, context);
    state = (await loadClosure(runtime, closureId)).state;
  }
  if (state.status !== 'closing' && state.status !== 'completed') throw new Error(`closure ${closureId} is ${state.status}`);
  const { started, days } = state;
  const closure: BookingClosure = { reason: started.reason, from: started.from, to: started.to };
  const dates = new Set(days.days.map((d) => d.date));
  const scope: ClosureScope = started.hours
    ? await hoursScope(runtime, started)
    : { closure, affects: (b) => dates.has(b.date), closureOf: () => closure };
  const done = state.status === 'completed' ? state.completed : null;
  const mode = done && started.bookings === 'cancel' ? 'none' : started.bookings;
  const outcomes: { outcome: BookingOutcome }[] = [];
  for (const ref of days.bookings) {
    signal?.throwIfAborted();
    outcomes.push({ outcome: await settleBooking(quiet, ref, scope, mode, context) });
  }
  // Closures recorded before sign-ups were listed have none.
  for (const ref of days.signUps ?? []) {
    signal?.throwIfAborted();
    outcomes.push({ outcome: await settleSignUp(quiet, ref, scope, mode, context) });
  }
  const result = resultOf(started, days, outcomes, done);
  // The cancelled reservations' open tables close with them, each player told once.
  if (mode === 'cancel') await closeTablesOf(quiet, result.cancelled, scope.closureOf, context);
  if (!done) {
    const data: Completed = {
      closureId,
      cancelled: result.cancelled.map((b) => b.id),
      notCancelled: result.notCancelled.map((b) => ({ bookingId: b.id, message: b.message })),
      kept: result.kept.map((b) => b.id),
    };
    await record(runtime, closureId, { type: 'ClosureCompleted', data }, context);
  }
  try {
    await runtime.readModels.waitFor(await runtime.eventStore.headPosition());
  } catch (error) {
    context.onReadModelsBehind?.(asError(error));
  }
  return result;
}

/** Closes each date's seating stream, then lists it blocked; a date blocked by another block is left to it. */
async function closeEachDay(runtime: CommandRuntime, started: Started, context: CommandContext) {
  const days: ClosureDay[] = [];
  const onDays: BookingRef[] = [];
  for (const date of datesOfRange(started.from, started.to)) {
    const blockedDateId = blockedDateIdOf(started, date);
    const block = await readBlock(runtime, date);
    const mine = block.status === 'blocked' && block.blockedDateId === blockedDateId;
    if (block.status === 'blocked' && !mine) {
      // Blocked already by another: no new booking comes in, its bookings are those on the day now.
      days.push({ date, blockedDateId: null });
      onDays.push(...bookingsOnDay(await readDay(runtime, date)).map((b) => ({ ...b, date })));
      continue;
    }
    const closure = { closureId: started.closureId, blockedDateId, reason: started.reason };
    try {
      const closed = await runDayCommand(runtime, date, { type: 'CloseDay', date, closure }, context);
      const event = closed.events[0] ?? (await closedEvent(runtime, date, started.closureId));
      if (event?.type === 'DayClosed') onDays.push(...event.data.bookings.map((b) => ({ ...b, date })));
    } catch (error) {
      // Closed by another closure a moment ago: that one lists its bookings.
      if (error instanceof Conflict) {
        days.push({ date, blockedDateId: null });
        continue;
      }
      throw error;
    }
    const range = started.range ? { range: { id: started.closureId, from: started.from, to: started.to } } : {};
    if (!mine) {
      const block = { type: 'BlockDate' as const, blockedDateId, date, reason: started.reason, ...range };
      await runCommand(runtime, blockedDateDecider, blockedDateStream(date), block, context).catch(async (error: unknown) => {
        // The same closure, run at once by the resume and a re-send, listed it a moment ago: done.
        const now = await readBlock(runtime, date);
        if (!(error instanceof Conflict && now.status === 'blocked' && now.blockedDateId === blockedDateId)) throw error;
      });
    }
    days.push({ date, blockedDateId });
  }
  return { days, onDays };
}

/** The DayClosed this closure appended to a day (found again when the closure resumes). */
async function closedEvent(runtime: CommandRuntime, date: string, closureId: string): Promise<SeatingEvent | undefined> {
  const events = await runtime.eventStore.readStream(seatingStream(date));
  const found = [...events].reverse().find((e) => e.type === 'DayClosed' && (e.data as { closureId: string }).closureId === closureId);
  return found ? ({ type: found.type, data: found.data } as SeatingEvent) : undefined;
}

/**
 * The game nights' sign-ups on the closure's days. Every day is listed blocked by now, and a sign-up is
 * decided with its date's block required unchanged, so once the read models hold everything stored so
 * far, none is missing and no more will come.
 */
async function signUpsOf(runtime: ClosureRuntime, started: Started): Promise<SignUpRefOfDay[]> {
  await runtime.readModels.waitFor(await runtime.eventStore.headPosition());
  return (await signUpsInRange(runtime.documents, started.from, started.to)).map((s) => ({ signUpId: s.id, date: s.date }));
}

/** The day streams' bookings, and live bookings from before the day streams knew every booking (the calendar read model). */
async function bookingsOf(runtime: ClosureRuntime, started: Started, onDays: BookingRef[]): Promise<BookingRef[]> {
  const refs = new Map(onDays.map((r) => [r.bookingId, r]));
  for (const b of await bookingsInRange(runtime.documents, started.from, started.to)) {
    if (!refs.has(b.id)) refs.set(b.id, { bookingId: b.id, kind: b.kind, date: b.date });
  }
  return [...refs.values()];
}

function resultOf(started: Started, days: DaysClosed, outcomes: { outcome: BookingOutcome }[], done: Completed | null): ClosureResult {
  const order = (a: RangeBooking, b: RangeBooking) =>
    a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.id.localeCompare(b.id);
  const of = (kind: 'cancelled' | 'kept') =>
    outcomes.flatMap(({ outcome }) => (outcome.outcome === kind ? [outcome.booking] : [])).sort(order);
  const recorded = new Map(done?.notCancelled.map((n) => [n.bookingId, n.message]));
  const notCancelled = outcomes
    .flatMap(({ outcome }) =>
      outcome.outcome === 'notCancelled'
        ? [{ ...outcome.booking, message: outcome.message || recorded.get(outcome.booking.id) || '' }]
        : [],
    )
    .sort(order);
  const blocked = days.days.filter((d) => d.blockedDateId !== null).map((d) => d.date);
  return {
    id: started.closureId,
    from: started.from,
    to: started.to,
    reason: started.reason,
    blocked,
    blockedDateId: days.days[0]?.blockedDateId ?? null,
    cancelled: of('cancelled'),
    notCancelled,
    kept: of('kept'),
  };
}
