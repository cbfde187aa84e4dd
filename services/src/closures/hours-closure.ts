import { randomUUID } from 'node:crypto';
import {
  HOURS_CHANGED_REASON,
  dayHoursText,
  hoursOn,
  openingHoursOf,
  outsideHoursMessage,
  type BusinessInfoEvent,
  type OpeningHours,
  type RangeBooking,
} from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { BUSINESS_INFO_STREAM } from '../cafe-day/index.js';
import { blockedDatesProjection, type BlockedDateDoc } from '../blocked-dates/index.js';
import { bookingsInRange } from './range-impact.js';
import type { BookingRef, ClosureScope } from './closure-bookings.js';
import { record, type Started } from './closure-record.js';

type ClosureRuntime = CommandRuntime & { documents: DocumentStore };

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
export async function bookingsOutsideHours(documents: DocumentStore, change: HoursChange, from: string, to = LAST_DATE) {
  const blocked = await documents.collection<BlockedDateDoc>(blockedDatesProjection.name).find({ date: { $gte: from, $lte: to } });
  const closed = new Set(blocked.map((d) => d.date));
  return (await bookingsInRange(documents, from, to)).filter((b) => !closed.has(b.date) && leftOutByHours(change, b.date, b.time));
}

/** The hours business info holds now (its events carry only what changed: later values win). */
async function hoursNow(eventStore: EventStore): Promise<OpeningHours> {
  const info = (await eventStore.readStream(BUSINESS_INFO_STREAM)).reduce(
    (state, e) => ({ ...state, ...(e.data as BusinessInfoEvent['data']) }),
    {} as BusinessInfoEvent['data'],
  );
  return openingHoursOf(info);
}

/**
 * Starts the closure that settles the bookings a change of hours leaves out, before the change is saved:
 * a crash after this is resumed with the rest, and a booking is settled only while the hours saved then
 * still leave it out (so a change that was never saved settles nothing).
 */
export async function startHoursClosure(
  runtime: ClosureRuntime,
  request: HoursChange & { from: string; to: string; bookings: 'keep' | 'cancel' },
  context: CommandContext,
): Promise<string> {
  const closureId = randomUUID();
  const { from, to, bookings, before, after } = request;
  const started: Started = { closureId, from, to, reason: HOURS_CHANGED_REASON, bookings, range: false, hours: { before, after } };
  await record(runtime, closureId, { type: 'ClosureStarted', data: started }, context, true);
  return closureId;
}

/** The bookings an hours closure settles, listed once the change is saved (its ClosureDaysClosed). */
export async function hoursClosureBookings(runtime: ClosureRuntime, started: Started): Promise<BookingRef[]> {
  await runtime.readModels.waitFor(await runtime.eventStore.headPosition());
  const found = await bookingsOutsideHours(runtime.documents, started.hours!, started.from, started.to);
  return found.map((b) => ({ bookingId: b.id, kind: b.kind, date: b.date }));
}

/** What an hours closure settles: a booking still left out by the change and by the hours saved now; each cancelled naming its day's new hours. */
export async function hoursScope(runtime: ClosureRuntime, started: Started): Promise<ClosureScope> {
  const change = started.hours!;
  const now = await hoursNow(runtime.eventStore);
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
