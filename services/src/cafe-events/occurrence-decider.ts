import type { EventOccurrenceEvent, SignUpRef } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { refuseIfClosed } from '../cafe-day/index.js';

/**
 * One date of an event, eventOccurrence-<eventId>-<date>: the places taken and the waitlist in order.
 * Every sign-up and cancellation decides here, in the same append as the sign-up's own stream and with
 * this stream's expected revision, so however many sign up at once the confirmed places never pass
 * the capacity (the event's max_attendees, read in the same command).
 */
export const occurrenceStream = (eventId: string, date: string) => streamName('eventOccurrence', `${eventId}-${date}`);

interface Held {
  signUpId: string;
  places: number;
}

/** Kept in memory between commands (StreamStates): evolve never changes what it is given. */
export interface OccurrenceState {
  taken: number;
  confirmed: readonly Held[];
  /** First come, first promoted. */
  waitlist: readonly Held[];
}

/**
 * `seats`: the most places the date may have confirmed given the café's seats the tables leave free at
 * the event's time (seating stream, read in the same command); absent or null when its places take no
 * seats (staff set a fixed number, or it has no time).
 */
export type OccurrenceCommand =
  /** `closed`: why the café is closed that day (a blocked date), or null when it is open. */
  | { type: 'PlaceSignUp'; ref: SignUpRef; places: number; capacity: number; closed: string | null; seats?: number | null }
  | { type: 'ReleaseSignUp'; ref: SignUpRef; capacity: number; seats?: number | null }
  /** Staff changed the event (more places, another time): the waitlist gets what now fits, in order. */
  | { type: 'PromoteWaitlist'; eventId: string; date: string; capacity: number; seats?: number | null };

/** Places a date can still confirm: within its capacity and the seats the café has free for it. */
const roomFor = (taken: number, capacity: number, seats: number | null | undefined) =>
  Math.min(capacity, seats ?? Number.POSITIVE_INFINITY) - taken;

export const occurrenceDecider: Decider<OccurrenceState, OccurrenceCommand, EventOccurrenceEvent> = {
  initialState: () => ({ taken: 0, confirmed: [], waitlist: [] }),
  evolve: (state, { type, data }) => {
    const held = { signUpId: data.signUpId, places: data.places };
    switch (type) {
      case 'EventPlacesTaken':
        return { ...state, taken: state.taken + data.places, confirmed: [...state.confirmed, held] };
      case 'EventWaitlistJoined':
        return { ...state, waitlist: [...state.waitlist, held] };
      case 'EventWaitlistPromoted':
        return {
          taken: state.taken + data.places,
          confirmed: [...state.confirmed, held],
          waitlist: state.waitlist.filter((w) => w.signUpId !== data.signUpId),
        };
      case 'EventPlacesReleased':
        return data.from === 'confirmed'
          ? { ...state, taken: state.taken - data.places, confirmed: state.confirmed.filter((c) => c.signUpId !== data.signUpId) }
          : { ...state, waitlist: state.waitlist.filter((w) => w.signUpId !== data.signUpId) };
    }
  },
  decide: (command, state) => {
    if (command.type === 'PromoteWaitlist') {
      return promote(state, command.eventId, command.date, roomFor(state.taken, command.capacity, command.seats));
    }
    const { ref } = command;
    const has = (list: readonly Held[]) => list.find((h) => h.signUpId === ref.signUpId);
    switch (command.type) {
      case 'PlaceSignUp': {
        refuseIfClosed(command.closed);
        if (has(state.confirmed) || has(state.waitlist)) throw new Conflict('This sign-up already holds a place');
        // Seats the tables gave back since (a table cancelled) go to those waiting first, in order.
        const promoted = promote(state, ref.eventId, ref.date, roomFor(state.taken, command.capacity, command.seats));
        const now = promoted.reduce(occurrenceDecider.evolve, state);
        // Nobody overtakes those already waiting: while anyone waits, a new sign-up waits behind them. Too few
        // places or too few seats, it waits too: a cancellation gives it the places and seats first.
        const fits = now.waitlist.length === 0 && command.places <= roomFor(now.taken, command.capacity, command.seats);
        return [...promoted, { type: fits ? 'EventPlacesTaken' : 'EventWaitlistJoined', data: { ...ref, places: command.places } }];
      }
      case 'ReleaseSignUp': {
        const confirmed = has(state.confirmed);
        const waiting = has(state.waitlist);
        if (!confirmed && !waiting) return [];
        const released: EventOccurrenceEvent = {
          type: 'EventPlacesReleased',
          data: { ...ref, places: (confirmed ?? waiting)!.places, from: confirmed ? 'confirmed' : 'waitlisted' },
        };
        if (!confirmed) return [released];
        // The places given back go to the waitlist in order: each sign-up that fits what is left.
        const promoted = promote(state, ref.eventId, ref.date, roomFor(state.taken - confirmed.places, command.capacity, command.seats));
        return [released, ...promoted];
      }
    }
  },
};

/** The waitlisted sign-ups that fit `free`, in order (a 4-place one does not block a 1-place one behind it). */
function promote(state: OccurrenceState, eventId: string, date: string, free: number): EventOccurrenceEvent[] {
  const promoted: EventOccurrenceEvent[] = [];
  for (const next of state.waitlist) {
    if (next.places > free) continue;
    free -= next.places;
    promoted.push({ type: 'EventWaitlistPromoted', data: { eventId, date, signUpId: next.signUpId, places: next.places } });
  }
  return promoted;
}

/** Where a sign-up stands on the waitlist (1 = next), or null when it is not waiting. */
export const waitlistPosition = (state: OccurrenceState, signUpId: string): number | null => {
  const index = state.waitlist.findIndex((w) => w.signUpId === signUpId);
  return index < 0 ? null : index + 1;
};
