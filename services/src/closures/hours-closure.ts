import { randomUUID } from 'node:crypto';
import { HOURS_CHANGED_REASON, dayHoursText, hoursOn, outsideHoursMessage, type OpeningHours, type RangeBooking } from '@cafe/contracts';
import { runPipeline } from '../platform/commands/command-pipeline.js';
import type { CommandContext } from '../platform/commands/command-runner.js';
import { bookingPolicy } from '../cafe-day/index.js';
import { blockedDatesProjection, type BlockedDateDoc } from '../blocked-dates/index.js';
import { bookingsInRange } from './range-impact.js';
import type { ClosureReads, ClosuresRuntime } from './closure-participants.js';
import type { ClosureRef, ClosureScope } from './closure-settle.js';
import { record, type Started } from './closure-record.js';

/** The last calendar date: "from today on" with no end. */
const LAST_DATE = '9999-12-31';

export interface HoursChange {
  before: OpeningHours;
  after: OpeningHours;
}

/**
 * A booking the change of hours leaves out: outside the new hours and inside the old, on a day the new
 * hours do not close as a holiday (closing a date is a closure of the day, with its own block).
 */
export function leftOutByHours({ before, after }: HoursChange, date: string, time: string): boolean {
  const on = hoursOn(date, after);
  if (!on || on.exception?.closed) return false;
  return outsideHoursMessage(date, time, after) !== null && outsideHoursMessage(date, time, before) === null;
}

/** The live bookings from `from` on that the change leaves outside the hours; a blocked day's are its block's. */
export async function bookingsOutsideHours(runtime: ClosureReads, change: HoursChange, from: string, to = LAST_DATE) {
  const blocked = await runtime.documents.collection<BlockedDateDoc>(blockedDatesProjection.name).find({ date: { $gte: from, $lte: to } });
  const closed = new Set(blocked.map((d) => d.date));
  return (await bookingsInRange(runtime, from, to)).filter((b) => !closed.has(b.date) && leftOutByHours(change, b.date, b.time));
}

/** The hours business info holds now, loaded in the write pipeline as every booking decision loads them. */
async function hoursNow(runtime: ClosuresRuntime, context: CommandContext): Promise<OpeningHours> {
  const { value } = await runPipeline(runtime, context, bookingPolicy, { waitForReadModels: false });
  return value.hours;
}

/**
 * Starts the closure that settles the bookings a change of hours leaves out, before the change is saved:
 * a crash after this is resumed with the rest, and a booking is settled only while the hours saved then
 * still leave it out (so a change that was never saved settles nothing).
 */
export async function startHoursClosure(
  runtime: ClosuresRuntime,
  request: HoursChange & { from: string; to: string; bookings: 'keep' | 'cancel' },
  context: CommandContext,
): Promise<string> {
  const closureId = randomUUID();
  const { from, to, bookings, before, after } = request;
  const started: Started = { closureId, from, to, reason: HOURS_CHANGED_REASON, bookings, range: false, hours: { before, after } };
  await record(runtime, closureId, { type: 'ClosureStarted', data: started }, context);
  return closureId;
}

/** The bookings an hours closure settles, listed once the change is saved (its ClosureDaysClosed). */
export async function hoursClosureBookings(runtime: ClosuresRuntime, started: Started): Promise<ClosureRef[]> {
  await runtime.readModels.waitFor(await runtime.eventStore.headPosition());
  const found = await bookingsOutsideHours(runtime, started.hours!, started.from, started.to);
  return found.map((b) => ({ kind: b.kind, id: b.id, date: b.date }));
}

/** What an hours closure settles: a booking still left out by the change and by the hours saved now; each cancelled naming its day's new hours. */
export async function hoursScope(runtime: ClosuresRuntime, started: Started, context: CommandContext): Promise<ClosureScope> {
  const change = started.hours!;
  const now = await hoursNow(runtime, context);
  const closure = { reason: started.reason, from: started.from, to: started.to };
  return {
    closure,
    affects: (b: RangeBooking) =>
      b.date >= started.from &&
      b.date <= started.to &&
      leftOutByHours(change, b.date, b.time) &&
      outsideHoursMessage(b.date, b.time, now) !== null,
    closureOf: (b: RangeBooking) => ({ ...closure, hours: dayHoursText(hoursOn(b.date, change.after)!.day) }),
  };
}
