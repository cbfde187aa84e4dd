import { randomUUID } from 'node:crypto';
import { isEventDate, occurrenceDates, type CafeEventChanges, type CafeEventData, type CafeEventFields } from '@cafe/contracts';
import { runCommand, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, type CommandTx } from '../platform/commands/command-pipeline.js';
import { cafeEventDecider, cafeEventStream, type CafeEventCommand, type CafeEventState } from './cafe-event-decider.js';
import { occurrenceDecider, occurrenceStream } from './occurrence-decider.js';
import { signUpDecider, signUpStream } from './sign-up-decider.js';

/** Command handlers for café events: the admin routes and the demo seed both go through these. */
export async function scheduleCafeEvent(deps: CommandRuntime, fields: CafeEventFields, context: CommandContext, id: string = randomUUID()) {
  const result = await runCommand(deps, cafeEventDecider, cafeEventStream(id), { type: 'ScheduleCafeEvent', eventId: id, fields }, context);
  return { id, result };
}

export const updateCafeEvent = (deps: CommandRuntime, id: string, changes: CafeEventChanges, context: CommandContext) =>
  changeEvent(deps, id, { type: 'UpdateCafeEvent', changes }, context);

export const removeCafeEvent = (deps: CommandRuntime, id: string, context: CommandContext) =>
  changeEvent(deps, id, { type: 'RemoveCafeEvent' }, context);

const scheduled = (state: CafeEventState): CafeEventData | null => (state.status === 'scheduled' ? state.event : null);

/**
 * An event's change and what it does to its sign-ups, in one append: a raised capacity promotes each date's
 * waitlist in order; a date the event no longer has (removed, moved, repeat changed) has its sign-ups
 * cancelled by staff (their mail says so). Sign-ups are only taken for the next OCCURRENCES_AHEAD dates, so
 * those dates of the old schedule hold every upcoming sign-up.
 */
async function changeEvent(deps: CommandRuntime, id: string, command: CafeEventCommand, context: CommandContext) {
  const { value } = await runPipeline(
    deps,
    context,
    async (tx) => {
      const stream = await tx.load({
        streamId: cafeEventStream(id),
        initialState: cafeEventDecider.initialState,
        evolve: cafeEventDecider.evolve,
      });
      const events = cafeEventDecider.decide(command, stream.state, tx.time);
      const version = tx.append(stream, events);
      const before = scheduled(stream.state);
      const after = scheduled(events.reduce(cafeEventDecider.evolve, stream.state));
      if (before?.maxAttendees && events.length > 0) await followChange(tx, id, before, after);
      return { events, version };
    },
    { retriesOnConflict: 200 },
  );
  return value;
}

async function followChange(tx: CommandTx, eventId: string, before: CafeEventData, after: CafeEventData | null) {
  for (const date of occurrenceDates(before.date, before.repeat, tx.time.today)) {
    const occurrence = await tx.load({
      streamId: occurrenceStream(eventId, date),
      initialState: occurrenceDecider.initialState,
      evolve: occurrenceDecider.evolve,
      cached: true,
    });
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
        const signUp = await tx.load({
          streamId: signUpStream(held.signUpId),
          initialState: signUpDecider.initialState,
          evolve: signUpDecider.evolve,
        });
        if (signUp.state.status === 'confirmed' || signUp.state.status === 'waitlisted') {
          tx.append(signUp, signUpDecider.decide({ type: 'CancelSignUp', by: 'staff' }, signUp.state, tx.time));
        }
      }
      tx.append(occurrence, released);
    } else if (after.maxAttendees! > before.maxAttendees!) {
      const promoted = occurrenceDecider.decide(
        { type: 'PromoteWaitlist', eventId, date, capacity: after.maxAttendees! },
        occurrence.state,
        tx.time,
      );
      tx.append(occurrence, promoted);
      for (const event of promoted) {
        const signUp = await tx.load({
          streamId: signUpStream(event.data.signUpId),
          initialState: signUpDecider.initialState,
          evolve: signUpDecider.evolve,
        });
        tx.append(signUp, signUpDecider.decide({ type: 'PromoteSignUp' }, signUp.state, tx.time));
      }
    }
  }
}
