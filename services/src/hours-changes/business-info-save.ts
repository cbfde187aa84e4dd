import {
  HOURS_CHANGE_CODE,
  hoursChangeMessage,
  rangeLength,
  todayIn,
  type BusinessInfoSave,
  type ClosureOutcome,
  type HoursImpact,
  type OpenTableImpact,
  type RangeBooking,
} from '@cafe/contracts';
import type { CommandContext } from '../platform/commands/command-runner.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { hoursChangeOf, updateBusinessInfo } from '../business-info/index.js';
import {
  bookingsOutsideHours,
  closeHolidays,
  closedHolidays,
  closureImpactBookings,
  openTablesInRange,
  reopenHolidays,
  runClosure,
  startHoursClosure,
  type ClosedHoliday,
  type ClosureResult,
  type HoursChange,
} from '../closures/index.js';

/** What the save did: stored (with what became of the bookings of the days it closed or shortened), or held back for a choice (409). */
export type SaveOutcome = { saved: true; bookings?: ClosureOutcome } | { saved: false; impact: HoursImpact };

const byWhen = (a: RangeBooking, b: RangeBooking) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time);
const sameHours = ({ before, after }: HoursChange) => JSON.stringify(before) === JSON.stringify(after);

/**
 * Saves business info as one closure flow with Blocked Dates:
 *
 * - A holiday marked closed (from today on) closes its date as a blocked date does (closeDays, with the
 *   holiday's note as the reason guests read): the day's reservations, parties and game-night sign-ups
 *   are listed, kept or cancelled with one mail each, and the block refuses bookings and sign-ups. A
 *   holiday whose closure was cut off (a crash) is finished by saving again, or at start-up.
 * - Hours that leave bookings outside them (a shorter day, a weekday closed) settle those bookings the
 *   same way, in a closure recorded before the change is saved (hours-closure.ts).
 * - A holiday closed this way and opened again (removed, or given hours) has its block lifted.
 *
 * Bookings affected and no `bookings` choice: nothing is saved and the preview is answered instead.
 */
export async function saveBusinessInfo(runtime: Runtime, body: BusinessInfoSave, context: CommandContext): Promise<SaveOutcome> {
  const { bookings: choice, ...form } = body;
  const today = todayIn(runtime.config.zone, runtime.clock.now());
  const change = await hoursChangeOf(runtime, form);
  const holidays = await closedHolidays(runtime, change, today, context);
  const closing = holidays.filter((h) => h.block.status === 'open');
  const outside = sameHours(change) ? [] : await bookingsOutsideHours(runtime, change, today);
  const onClosing = (await Promise.all(closing.map((h) => closureImpactBookings(runtime, h.date, h.date)))).flat();
  const affected = [...onClosing, ...outside].sort(byWhen);
  if (affected.length > 0 && !choice) {
    const ids = new Set(affected.map((b) => b.id));
    const [from, to] = [affected[0]!.date, affected.at(-1)!.date];
    const tables = (await openTablesInRange(runtime, from, to)).filter((t) => ids.has(t.reservationId));
    return { saved: false, impact: impactOf(affected, closing, tables) };
  }
  const mode = choice ?? 'keep';

  const hoursClosure =
    outside.length > 0
      ? await startHoursClosure(runtime, { ...change, from: today, to: outside.at(-1)!.date, bookings: mode }, context)
      : null;
  await updateBusinessInfo(runtime, form, context);
  const results: ClosureResult[] = await closeHolidays(runtime, holidays, mode, context);
  if (hoursClosure) results.push(await runClosure(runtime, hoursClosure, context));
  await reopenHolidays(runtime, change, today, context);
  return { saved: true, ...(results.length > 0 ? { bookings: outcomeOf(results) } : {}) };
}

function impactOf(bookings: RangeBooking[], closing: ClosedHoliday[], openTables: OpenTableImpact[]): HoursImpact {
  const [from, to] = [bookings[0]!.date, bookings.at(-1)!.date];
  return {
    message: hoursChangeMessage(bookings.length),
    code: HOURS_CHANGE_CODE,
    from,
    to,
    days: rangeLength(from, to),
    alreadyBlocked: [],
    bookings,
    openTables,
    closing: closing.map(({ date, reason }) => ({ date, reason })),
  };
}

function outcomeOf(results: ClosureResult[]): ClosureOutcome {
  return {
    cancelled: results.flatMap((r) => r.cancelled).sort(byWhen),
    notCancelled: results.flatMap((r) => r.notCancelled).sort(byWhen),
    kept: results.flatMap((r) => r.kept).sort(byWhen),
  };
}
