import { randomUUID } from 'node:crypto';
import {
  eventAreaUnknownMessage,
  eventTableUnknownMessage,
  isEventDate,
  occurrenceDates,
  type CafeEventChanges,
  type CafeEventData,
  type CafeEventFields,
} from '@cafe/contracts';
import type { CommandContext, CommandResult, CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf, type CommandTx } from '../platform/commands/command-pipeline.js';
import { bookingPolicy, floorPolicy, loadDay, type SeatingPolicy } from '../cafe-day/index.js';
import { InvalidCommand } from '../platform/commands/domain-errors.js';
import { cafeEventDecider, cafeEventStream, type CafeEventCommand, type CafeEventState } from './cafe-event-decider.js';
import { occurrenceDecider } from './occurrence-decider.js';
import { signUpDecider } from './sign-up-decider.js';
import { holdEventSeats, movedInTime, placesSeatsAllow, seatDates, takesTables } from './event-seats.js';
import { occurrenceSpec, promoteSignUps, signUpSpec } from './sign-up-commands.js';

/** Command handlers for café events: the admin routes and the demo seed both go through these. */
export async function scheduleCafeEvent(
  runtime: CommandRuntime,
  fields: CafeEventFields,
  context: CommandContext,
  id: string = randomUUID(),
) {
  const result = await changeEvent(runtime, id, { type: 'ScheduleCafeEvent', eventId: id, fields }, context, true);
  return { id, result };
}

export const updateCafeEvent = (runtime: CommandRuntime, id: string, changes: CafeEventChanges, context: CommandContext) =>
  changeEvent(runtime, id, { type: 'UpdateCafeEvent', changes }, context);

export const removeCafeEvent = (runtime: CommandRuntime, id: string, context: CommandContext) =>
  changeEvent(runtime, id, { type: 'RemoveCafeEvent' }, context);

const scheduled = (state: CafeEventState): CafeEventData | null => (state.status === 'scheduled' ? state.event : null);

/**
 * An event's change and what it does to its sign-ups and seats, in one append: each date's waitlist gets
 * what now fits, in order (more places, or seats free at a new time); a date the event no longer has
 * (removed, moved, repeat changed) has its sign-ups cancelled by staff (their mail says so). Sign-ups are
 * only taken for the next OCCURRENCES_AHEAD dates, so those dates of the old schedule hold every upcoming
 * sign-up. Its seats on every date it held or now holds follow (event-seats.ts): seats it cannot have
 * (the tables hold them) refuse the change (409) with the date and time.
 */
async function changeEvent(runtime: CommandRuntime, id: string, command: CafeEventCommand, context: CommandContext, fresh = false) {
  const { value, position } = await runPipeline(
    runtime,
    context,
    async (tx) => {
      const { events, version, stream } = await tx.decide(
        streamOf(cafeEventDecider, cafeEventStream(id), { fresh }),
        cafeEventDecider.decide,
        command,
      );
      const before = scheduled(stream.state);
      const after = scheduled(events.reduce(cafeEventDecider.evolve, stream.state));
      if (events.length > 0) await followChange(tx, id, before, after);
      return { events, version };
    },
    { retriesOnConflict: 200 },
  );
  return { ...value, position } satisfies CommandResult<(typeof value.events)[number]>;
}

async function followChange(tx: CommandTx, eventId: string, before: CafeEventData | null, after: CafeEventData | null) {
  if (after && takesTables(after) && !sameFloorChoice(before, after)) await checkOnFloor(tx, after);
  const { today, horizonDays } = tx.time;
  const held = [...seatDates(before, today, horizonDays), ...seatDates(after, today, horizonDays)];
  if (!before?.maxAttendees && held.length === 0) return;
  const { seating } = await bookingPolicy(tx);
  // Another title or price keeps the seats as held; another time or length places them anew, checked against the tables.
  const asHeld = !movedInTime(before, after);
  const taken = before?.maxAttendees ? await followSignUps(tx, eventId, before, after, seating, asHeld) : new Map<string, number>();
  for (const date of [...new Set(held)].sort()) await holdEventSeats(tx, seating, eventId, after, date, taken.get(date) ?? 0, asHeld);
}

const sameFloorChoice = (before: CafeEventData | null, after: CafeEventData) =>
  (before?.area ?? null) === (after.area ?? null) && (before?.tables ?? []).join('\u0000') === (after.tables ?? []).join('\u0000');

/** An area or tables staff just chose must be on the floor (400 naming the first that is not). */
async function checkOnFloor(tx: CommandTx, event: CafeEventData): Promise<void> {
  const floor = await floorPolicy(tx);
  const areas = new Set(floor?.areas.map((a) => a.name.toLowerCase()) ?? []);
  const tables = new Set(floor?.areas.flatMap((a) => a.tables.map((t) => t.name.toLowerCase())) ?? []);
  if (event.area && !areas.has(event.area.toLowerCase())) {
    const message = eventAreaUnknownMessage(event.area);
    throw new InvalidCommand(message, [{ path: ['area'], message }]);
  }
  const unknown = (event.tables ?? []).find((t) => !tables.has(t.toLowerCase()));
  if (unknown !== undefined) {
    const message = eventTableUnknownMessage(unknown);
    throw new InvalidCommand(message, [{ path: ['tables'], message }]);
  }
}

/** Each date that took sign-ups, as the change leaves it: its places taken after. */
async function followSignUps(
  tx: CommandTx,
  eventId: string,
  before: CafeEventData,
  after: CafeEventData | null,
  seating: SeatingPolicy,
  asHeld: boolean,
) {
  const taken = new Map<string, number>();
  for (const date of occurrenceDates(before.date, before.repeat, tx.time.today)) {
    // The day first: sign-ups and tables of a date take their turns on its seats.
    const day = await loadDay(tx, date);
    const occurrence = await tx.load(occurrenceSpec(eventId, date));
    const gone = !after || !after.maxAttendees || !isEventDate(after.date, after.repeat, date);
    if (gone) {
      // Capacity 0: nobody is promoted into a date that no longer takes place.
      let state = occurrence.state;
      const released = [];
      for (const held of [...state.confirmed, ...state.waitlist]) {
        const ref = { signUpId: held.signUpId, eventId, date };
        const events = occurrenceDecider.decide({ type: 'ReleaseSignUp', ref, capacity: 0 }, state, tx.time);
        state = events.reduce(occurrenceDecider.evolve, state);
        released.push(...events);
        const signUp = await tx.load(signUpSpec(held.signUpId));
        if (signUp.state.status === 'confirmed' || signUp.state.status === 'waitlisted') {
          tx.append(signUp, signUpDecider.decide({ type: 'CancelSignUp', by: 'staff' }, signUp.state, tx.time));
        }
      }
      tx.append(occurrence, released);
      taken.set(date, 0);
    } else {
      // Seats as the event now is (at a new time or length, what the tables leave free then).
      const seats = placesSeatsAllow(day.state, eventId, after, seating, asHeld);
      const promoted = occurrenceDecider.decide(
        { type: 'PromoteWaitlist', eventId, date, capacity: after.maxAttendees!, seats },
        occurrence.state,
        tx.time,
      );
      tx.append(occurrence, promoted);
      await promoteSignUps(tx, promoted);
      taken.set(date, promoted.reduce(occurrenceDecider.evolve, occurrence.state).taken);
    }
  }
  return taken;
}
