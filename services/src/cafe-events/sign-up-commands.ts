import { randomUUID } from 'node:crypto';
import {
  CAFE_EVENT_NOT_FOUND,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  SIGN_UP_ALREADY_CANCELLED,
  SIGN_UP_NOT_A_DATE,
  SIGN_UP_NOT_FOUND,
  SIGN_UP_NOT_OPEN,
  isOccurrenceOf,
  type BookingClosure,
  type EventOccurrenceEvent,
  type EventSignUpFields,
  type EventSignUpResult,
} from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { runPipeline, streamOf, type CommandTx, type StreamSpec } from '../platform/commands/command-pipeline.js';
import { Conflict, InvalidCommand, NotFound } from '../platform/commands/domain-errors.js';
import { eventIdsFor } from '../platform/commands/event-ids.js';
import { closedReason } from '../cafe-day/index.js';
import { bookingPolicy } from '../cafe-day/index.js';
import { loadDay } from '../cafe-day/index.js';
import { cafeEventDecider, cafeEventStream } from './cafe-event-decider.js';
import { occurrenceDecider, occurrenceStream, waitlistPosition, type OccurrenceState } from './occurrence-decider.js';
import { signUpDecider, signUpStream, type SignUpCommand, type SignUpState } from './sign-up-decider.js';
import { holdEventSeats, placesSeatsAllow, seatsFollowPlaces } from './event-seats.js';

/**
 * Sign-ups through the one command pipeline: each command loads the event (its capacity, required
 * unchanged at the append), the date's seats (seating-<date>, where the tables are: its turn is taken
 * first, so sign-ups and table bookings of a date decide one after the other), the date's occurrence
 * (kept in memory, like a day's seats) and the sign-up streams it touches, decides once on each, and
 * appends them together with their revisions. A sign-up racing another, or a table, for the last places
 * or seats decides again on the fresh state.
 */

/** Writers racing for one date's last places run again on the fresh state (bounded by the writers). */
const OCCURRENCE_RETRIES = 200;

export const occurrenceSpec = (eventId: string, date: string): StreamSpec<OccurrenceState, EventOccurrenceEvent> => ({
  streamId: occurrenceStream(eventId, date),
  initialState: occurrenceDecider.initialState,
  evolve: occurrenceDecider.evolve,
  cached: true,
});

export const signUpSpec = (id: string, fresh = false) => streamOf(signUpDecider, signUpStream(id), { fresh });

/** The event's capacity, or null when it no longer takes sign-ups (removed, hidden, no max_attendees). */
async function loadCapacity(tx: CommandTx, eventId: string) {
  const event = await tx.load({
    streamId: cafeEventStream(eventId),
    initialState: cafeEventDecider.initialState,
    evolve: cafeEventDecider.evolve,
  });
  tx.require(event);
  return event.state.status === 'scheduled' ? event.state.event : null;
}

export async function signUpForEvent(
  runtime: CommandRuntime,
  eventId: string,
  fields: EventSignUpFields,
  context: CommandContext,
): Promise<EventSignUpResult> {
  // With an Idempotency-Key the sign-up's id comes from the key: the same request again answers the first.
  const key = context.idempotencyKey;
  const id =
    key === undefined ? randomUUID() : eventIdsFor(`signUp:${eventId}:${key}`, 'sign-up-id', 'key', [{ type: 'signUp', data: null }])[0]!;
  const { value } = await runPipeline(
    runtime,
    context,
    async (tx) => {
      const signUp = await tx.load(signUpSpec(id, key === undefined));
      if (signUp.state.status !== 'none') return repeatOf(tx, signUp.state, fields);
      const event = await loadCapacity(tx, eventId);
      if (!event?.isVisible) throw new NotFound(CAFE_EVENT_NOT_FOUND);
      if (!event.maxAttendees) throw new Conflict(SIGN_UP_NOT_OPEN);
      if (!isOccurrenceOf(event.date, event.repeat, fields.date, tx.time.today)) {
        throw new InvalidCommand(SIGN_UP_NOT_A_DATE, [{ path: ['date'], message: SIGN_UP_NOT_A_DATE }]);
      }
      const ref = { signUpId: id, eventId, date: fields.date };
      const { seating } = await bookingPolicy(tx);
      const day = await loadDay(tx, fields.date);
      // The day's closure and tables as decided on: a closure or a table landing meanwhile makes it decide again.
      tx.require(day);
      // The seating stream's closure is the authority (DayClosed is written before the blocked date).
      const closed = (await closedReason(tx, fields.date)) ?? (day.state.status === 'closed' ? day.state.closure.reason : null);
      const occurrence = await tx.load(occurrenceSpec(eventId, fields.date));
      const seats = placesSeatsAllow(day.state, eventId, event, seating);
      const placed = occurrenceDecider.decide(
        { type: 'PlaceSignUp', ref, places: fields.places, capacity: event.maxAttendees, closed, seats },
        occurrence.state,
        tx.time,
      );
      tx.append(occurrence, placed);
      await promoteSignUps(tx, placed);
      const status = placed.at(-1)!.type === 'EventPlacesTaken' ? 'confirmed' : 'waitlisted';
      const { name, email, phone, places } = fields;
      tx.append(
        signUp,
        signUpDecider.decide({ type: 'SignUp', ref, guest: { name, email, phone }, places, status }, signUp.state, tx.time),
      );
      const after = placed.reduce(occurrenceDecider.evolve, occurrence.state);
      // Places taken (the sign-up's, or those promoted), seats taken: in the same append, checked against the tables.
      if (after.taken !== occurrence.state.taken && seatsFollowPlaces(event)) {
        await holdEventSeats(tx, seating, eventId, event, fields.date, after.taken);
      }
      return { id, eventId, date: fields.date, places, status, waitlistPosition: waitlistPosition(after, id) } as const;
    },
    { retriesOnConflict: OCCURRENCE_RETRIES },
  );
  return value;
}

/** The answer to a repeated request (the same Idempotency-Key): where the sign-up stands now. */
async function repeatOf(
  tx: CommandTx,
  state: Exclude<SignUpState, { status: 'none' }>,
  asked: EventSignUpFields,
): Promise<EventSignUpResult> {
  const { ref, guest, places, status } = state;
  const same = ref.date === asked.date && places === asked.places && guest.email.toLowerCase() === asked.email.toLowerCase();
  if (!same) throw new Conflict(IDEMPOTENCY_KEY_REUSED_MESSAGE);
  if (status === 'cancelled') throw new Conflict(SIGN_UP_ALREADY_CANCELLED);
  const occurrence = await tx.load(occurrenceSpec(ref.eventId, ref.date));
  return {
    id: ref.signUpId,
    eventId: ref.eventId,
    date: ref.date,
    places,
    status,
    waitlistPosition: waitlistPosition(occurrence.state, ref.signUpId),
  };
}

/**
 * A sign-up cancelled by its guest (their link) or by staff: its places go back to the occurrence,
 * which promotes the waitlisted sign-ups that fit, in order; each promoted sign-up's own stream records
 * it (and its guest is mailed) in the same append. Cancelled with a closure (staff closed the café that
 * day), it promotes nobody: the date's other sign-ups are being cancelled with it.
 */
export async function cancelSignUp(
  runtime: CommandRuntime,
  id: string,
  by: 'guest' | 'staff',
  context: CommandContext,
  closure?: BookingClosure,
) {
  const { value } = await runPipeline(
    runtime,
    context,
    async (tx) => {
      const signUp = await tx.load(signUpSpec(id));
      const state = signUp.state;
      if (state.status === 'none') throw new NotFound(SIGN_UP_NOT_FOUND);
      tx.append(signUp, signUpDecider.decide({ type: 'CancelSignUp', by, closure }, state, tx.time));
      const { eventId, date } = state.ref;
      // A removed event promotes nobody: its places are gone with it.
      const event = await loadCapacity(tx, eventId);
      // Nor does a closed day: its other sign-ups are cancelled with it.
      const capacity = closure ? 0 : (event?.maxAttendees ?? 0);
      const { seating } = await bookingPolicy(tx);
      const day = await loadDay(tx, date);
      const occurrence = await tx.load(occurrenceSpec(eventId, date));
      const seats = placesSeatsAllow(day.state, eventId, event, seating);
      const released = occurrenceDecider.decide({ type: 'ReleaseSignUp', ref: state.ref, capacity, seats }, occurrence.state, tx.time);
      tx.append(occurrence, released);
      const promoted = await promoteSignUps(tx, released);
      // The seats go back to the café (or to those promoted) in the same append.
      const after = released.reduce(occurrenceDecider.evolve, occurrence.state);
      if (after.taken !== occurrence.state.taken && seatsFollowPlaces(event)) {
        await holdEventSeats(tx, seating, eventId, event, date, after.taken);
      }
      return { id, promoted };
    },
    { retriesOnConflict: OCCURRENCE_RETRIES },
  );
  return value;
}

/** Each sign-up the occurrence promoted is told so on its own stream (its guest is mailed), in the same append. */
export async function promoteSignUps(tx: CommandTx, decided: readonly EventOccurrenceEvent[]): Promise<string[]> {
  const promoted: string[] = [];
  for (const event of decided) {
    if (event.type !== 'EventWaitlistPromoted') continue;
    const next = await tx.load(signUpSpec(event.data.signUpId));
    tx.append(next, signUpDecider.decide({ type: 'PromoteSignUp' }, next.state, tx.time));
    promoted.push(event.data.signUpId);
  }
  return promoted;
}

/** A command on the sign-up's stream alone (check-in, erasure). */
async function onSignUp(runtime: CommandRuntime, id: string, command: SignUpCommand, context: CommandContext) {
  const { value, position } = await runPipeline(runtime, context, (tx) => tx.decide(signUpSpec(id), signUpDecider.decide, command));
  return { events: value.events, version: value.version, position };
}

export const checkInSignUp = (runtime: CommandRuntime, id: string, context: CommandContext) =>
  onSignUp(runtime, id, { type: 'CheckInSignUp' }, context);

/** forget: the sign-up stays (its places, its date), its guest's name, e-mail and phone are blanked. */
export const eraseSignUpPersonalData = (runtime: CommandRuntime, id: string, guestKey: string, context: CommandContext) =>
  onSignUp(runtime, id, { type: 'EraseSignUpPersonalData', guestKey }, context);
