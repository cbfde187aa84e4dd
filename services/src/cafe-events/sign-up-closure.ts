import type { BookingClosure, EventSignUpEvent, RangeBooking } from '@cafe/contracts';
import { withoutWaiting, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { fold } from '../platform/commands/decider.js';
import { DomainError } from '../platform/commands/domain-errors.js';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import {
  cafeEventsProjection,
  cancelSignUp,
  signUpDecider,
  signUpStream,
  signUpsProjection,
  type CafeEventDoc,
  type SignUpDoc,
  type SignUpState,
} from '../cafe-events/index.js';
import type { BookingOutcome, ClosureScope } from './closure-bookings.js';

/** A game night's sign-up on one of a closure's days, as ClosureDaysClosed records it. */
export interface SignUpRefOfDay {
  signUpId: string;
  date: string;
}

const CANCEL_ATTEMPTS = 5;

type ClosureRuntime = CommandRuntime & { documents: DocumentStore };

/** 'Board Game Night sign-up (waitlisted)': the event's title, and where the sign-up stands. */
const labelOf = (title: string, status: string) => `${title} sign-up (${status})`;

function asRangeBooking(
  id: string,
  s: { name: string; email: string; phone: string; places: number; date: string; status: string },
  event: CafeEventDoc | null,
): RangeBooking {
  const { name, email, phone, places, date, status } = s;
  // Version 0: a sign-up is cancelled on its stream as it stands, not at a version the preview read.
  return {
    kind: 'signUp',
    id,
    version: 0,
    name,
    email,
    phone,
    partySize: places,
    date,
    time: event?.time ?? '00:00',
    label: labelOf(event?.title ?? 'Event', status),
  };
}

/** The live sign-ups (confirmed or waitlisted) of every event dated from `from` to `to`, for the preview. */
export async function signUpsInRange(documents: DocumentStore, from: string, to: string): Promise<RangeBooking[]> {
  const docs = await documents
    .collection<SignUpDoc>(signUpsProjection.name)
    .find(
      { date: { $gte: from, $lte: to }, status: { $in: ['confirmed', 'waitlisted'] } },
      { sort: { date: 1, status: 1, signedUpAt: 1, _id: 1 } },
    );
  const events = documents.collection<CafeEventDoc>(cafeEventsProjection.name);
  const titled = new Map<string, CafeEventDoc | null>();
  for (const d of docs) if (!titled.has(d.eventId)) titled.set(d.eventId, await events.get(d.eventId));
  return docs.map((d) => asRangeBooking(d._id, d, titled.get(d.eventId) ?? null));
}

function describe(id: string, state: SignUpState, event: CafeEventDoc | null): RangeBooking | null {
  if (state.status !== 'confirmed' && state.status !== 'waitlisted') return null;
  return asRangeBooking(id, { ...state.guest, places: state.places, date: state.ref.date, status: state.status }, event);
}

const sameClosure = (a: BookingClosure | undefined, b: BookingClosure) =>
  a !== undefined && a.reason === b.reason && a.from === b.from && a.to === b.to;

/**
 * Settles one sign-up of a closure as closure-bookings.ts settles a booking: cancelled by this closure
 * already (found so on its own stream: a resumed closure cancels nobody twice), cancelled now with the
 * closure (its places given back, its guest mailed once, nobody promoted), kept, or gone.
 */
export async function settleSignUp(
  runtime: ClosureRuntime,
  ref: SignUpRefOfDay,
  scope: ClosureScope,
  mode: 'keep' | 'cancel' | 'none',
  context: CommandContext,
): Promise<BookingOutcome> {
  const { closure } = scope;
  let lastError = '';
  const read = async () => {
    const events: RecordedEvent[] = await runtime.eventStore.readStream(signUpStream(ref.signUpId));
    const state = fold<SignUpState, EventSignUpEvent>(signUpDecider, events);
    const event =
      state.status === 'none' ? null : await runtime.documents.collection<CafeEventDoc>(cafeEventsProjection.name).get(state.ref.eventId);
    return { events, state, event };
  };
  for (let attempt = 0; attempt < CANCEL_ATTEMPTS; attempt++) {
    const { events, state, event } = await read();
    const cancelAt = events.findIndex(
      (e) => e.type === 'EventSignUpCancelled' && sameClosure((e.data as { closure?: BookingClosure }).closure, closure),
    );
    if (cancelAt >= 0) {
      const before = fold<SignUpState, EventSignUpEvent>(signUpDecider, events.slice(0, cancelAt));
      const booking = describe(ref.signUpId, before, event);
      return booking ? { outcome: 'cancelled', booking } : { outcome: 'gone' };
    }
    const booking = describe(ref.signUpId, state, event);
    if (!booking || !scope.affects(booking)) return { outcome: 'gone' };
    if (mode === 'keep') return { outcome: 'kept', booking };
    if (mode === 'none') return { outcome: 'notCancelled', booking, message: lastError };
    try {
      await cancelSignUp(withoutWaiting(runtime), ref.signUpId, 'staff', context, scope.closureOf(booking));
      return { outcome: 'cancelled', booking };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      lastError = error.message;
    }
  }
  const { state, event } = await read();
  const booking = describe(ref.signUpId, state, event);
  return booking ? { outcome: 'notCancelled', booking, message: lastError } : { outcome: 'gone' };
}
