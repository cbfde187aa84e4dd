import {
  HOURS_CHANGE_CODE,
  holidayClosureReason,
  hoursChangeMessage,
  rangeLength,
  todayIn,
  type BusinessInfoForm,
  type BusinessInfoSave,
  type ClosureOutcome,
  type HoursImpact,
  type OpenTableImpact,
  type RangeBooking,
} from '@cafe/contracts';
import { runPipeline, type CommandTx } from '../platform/commands/command-pipeline.js';
import type { CommandContext } from '../platform/commands/command-runner.js';
import type { Runtime } from '../platform/runtime/runtime.js';
import { blockedDateEvolution, blockedDateStream } from '../cafe-day/index.js';
import { decideBusinessInfoSave, type BusinessInfoSaveDecision } from '../business-info/index.js';
import {
  bookingsOutsideHours,
  closeHolidays,
  closureImpactBookings,
  openTablesInRange,
  reopenHolidaysIn,
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
 *
 * Decisions. The save is one (planAndSave): the business info and each closed holiday's block loaded
 * once, what they affect read from the read models, the save appended with the blocks lifted of holidays
 * opened again (reopenHolidaysIn); a 409 is that one decision, appending nothing. A closure is a
 * long-running process with its own record, each step its own decision and append so a stopped closure
 * resumes where it stopped, so a save that starts one takes more:
 * - bookings outside the new hours: the plan (nothing written), the hours closure's start, the save on its
 *   own (the closure is recorded before the change is saved): 3, the business info read twice; then the
 *   hours closure's steps;
 * - each holiday it closes: a closure of 4 decisions for a quiet day (started, the day closed, its
 *   bookings listed, completed), more when it settles bookings;
 * - each holiday closed already: 1 (its closure's record, so one a crash cut off is finished).
 */
export async function saveBusinessInfo(runtime: Runtime, body: BusinessInfoSave, context: CommandContext): Promise<SaveOutcome> {
  const { bookings: choice, ...form } = body;
  const today = todayIn(runtime.config.zone, runtime.clock.now());
  const { value: plan } = await runPipeline(runtime, context, (tx) => planAndSave(tx, runtime, form, today, Boolean(choice)));
  const { change, holidays, closing, outside, affected } = plan;
  if (affected.length > 0 && !choice) {
    const ids = new Set(affected.map((b) => b.id));
    const [from, to] = [affected[0]!.date, affected.at(-1)!.date];
    const tables = (await openTablesInRange(runtime, from, to)).filter((t) => ids.has(t.reservationId));
    return { saved: false, impact: impactOf(affected, closing, tables) };
  }
  const mode = choice ?? 'keep';

  let hoursClosure: string | null = null;
  if (!plan.saved) {
    hoursClosure = await startHoursClosure(runtime, { ...change, from: today, to: outside.at(-1)!.date, bookings: mode }, context);
    await runPipeline(runtime, context, async (tx) => saveAndReopen(tx, runtime, await decideBusinessInfoSave(tx, form), today));
  }
  const results: ClosureResult[] = await closeHolidays(runtime, holidays, mode, context);
  if (hoursClosure) results.push(await runClosure(runtime, hoursClosure, context));
  return { saved: true, ...(results.length > 0 ? { bookings: outcomeOf(results, affected) } : {}) };
}

interface SavePlan {
  change: HoursChange;
  /** The holidays the new hours close from today on; `closing`: those whose date is not blocked yet. */
  holidays: ClosedHoliday[];
  closing: ClosedHoliday[];
  /** The bookings the new hours leave out, and every booking affected (those and the closing holidays'). */
  outside: RangeBooking[];
  affected: RangeBooking[];
  /** Saved in this decision; false when it waits for a choice (409) or for the hours closure to start. */
  saved: boolean;
}

/**
 * The save's decision: the business info and each closed holiday's block loaded once, what they affect
 * read from the read models, and the save appended unless it must wait (nothing written then).
 */
async function planAndSave(tx: CommandTx, runtime: Runtime, form: BusinessInfoForm, today: string, chosen: boolean): Promise<SavePlan> {
  const save = await decideBusinessInfoSave(tx, form);
  const change = { before: save.before, after: save.after };
  const holidays = await holidaysClosedBy(tx, change, today);
  const closing = holidays.filter((h) => h.block.status === 'open');
  const outside = sameHours(change) ? [] : await bookingsOutsideHours(runtime, change, today);
  const onClosing = (await Promise.all(closing.map((h) => closureImpactBookings(runtime, h.date, h.date)))).flat();
  const affected = [...onClosing, ...outside].sort(byWhen);
  const saved = (affected.length === 0 || chosen) && outside.length === 0;
  if (saved) await saveAndReopen(tx, runtime, save, today);
  return { change, holidays, closing, outside, affected, saved };
}

/** The save into the decision's append, with the blocks lifted of the holidays it opens again (removed, or given hours). */
async function saveAndReopen(tx: CommandTx, runtime: Runtime, save: BusinessInfoSaveDecision, today: string): Promise<void> {
  save.append();
  await reopenHolidaysIn(tx, runtime, save, today);
}

/**
 * The holidays the new hours close from today on, each with its date's block as cafe-day's closedReason
 * loads it (kept in memory, no turn) and required unchanged at the append: a block lifted meanwhile by
 * staff makes the decision run again, on a holiday that now closes its day.
 */
async function holidaysClosedBy(tx: CommandTx, { after }: HoursChange, today: string): Promise<ClosedHoliday[]> {
  const closed = after.exceptions.filter((e) => e.closed && e.date >= today);
  return Promise.all(
    closed.map(async (e) => {
      const block = await tx.load({ streamId: blockedDateStream(e.date), ...blockedDateEvolution, cached: true, turns: false });
      tx.require(block);
      return { date: e.date, reason: holidayClosureReason(e.note), block: block.state };
    }),
  );
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

/**
 * By time, and at the same time in the order the preview listed them: the closures settle their bookings
 * side by side, so the order they finish in is no order (a party and a game night's sign-ups at 7 PM).
 */
function outcomeOf(results: ClosureResult[], listed: RangeBooking[]): ClosureOutcome {
  const at = new Map(listed.map((b, index) => [b.id, index]));
  const order = (a: RangeBooking, b: RangeBooking) => byWhen(a, b) || (at.get(a.id) ?? listed.length) - (at.get(b.id) ?? listed.length);
  return {
    cancelled: results.flatMap((r) => r.cancelled).sort(order),
    notCancelled: results.flatMap((r) => r.notCancelled).sort(order),
    kept: results.flatMap((r) => r.kept).sort(order),
  };
}
