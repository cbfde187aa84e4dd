import { type BookingClosure, type PartyBookingEvent, type RangeBooking, type ReservationEvent, type SeatingEvent } from '@cafe/contracts';
import { withoutWaiting, type CommandContext, type CommandRuntime } from '../platform/commands/command-runner.js';
import { fold } from '../platform/commands/decider.js';
import { DomainError } from '../platform/commands/domain-errors.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { bookingsOnDay, seatingDecider, seatingStream, type SeatingState } from '../cafe-day/index.js';
import { cancelReservation, reservationDecider, reservationStream, type ReservationState } from '../reservations/index.js';
import { cancelPartyBooking, partyBookingDecider, partyBookingStream, type PartyBookingState } from '../party-bookings/index.js';
import { rangeBooking } from './range-impact.js';

/** A booking on one of a closure's days, as ClosureDaysClosed records it. */
export interface BookingRef {
  bookingId: string;
  kind: 'reservation' | 'party';
  date: string;
}

/**
 * What a closure settles: the bookings it `affects` (on its closed days, or outside the new hours) and
 * the closure each is cancelled with (a change of hours names that day's new hours).
 */
export interface ClosureScope {
  closure: BookingClosure;
  affects: (booking: RangeBooking) => boolean;
  closureOf: (booking: RangeBooking) => BookingClosure;
}

/** What became of one booking of a closure's days. */
export type BookingOutcome =
  | { outcome: 'cancelled' | 'kept'; booking: RangeBooking }
  | { outcome: 'notCancelled'; booking: RangeBooking; message: string }
  /** Not (or no longer) a live booking on the closed days: never stored, cancelled or moved by someone else. */
  | { outcome: 'gone' };

/**
 * How long a booking whose seats the day holds may take to appear on its own stream: it reserved just
 * before the day closed and its own append is in flight. A booking whose writer died in between never
 * appears (and was never answered), so after this it is no booking.
 */
const IN_FLIGHT_WAIT_MS = 10_000;
const CANCEL_ATTEMPTS = 5;

/**
 * Test knob only (the SIGKILL test of a closure): a pause before each cancellation, so a process can be
 * killed halfway through. Unset in every real deployment.
 */
const cancelDelayMs = () => Number(process.env.CLOSURE_TEST_CANCEL_DELAY_MS ?? 0);

const cancelledEvents = new Set(['ReservationCancelled', 'PartyBookingCancelled']);
const sameClosure = (a: BookingClosure | undefined, b: BookingClosure) =>
  a !== undefined && a.reason === b.reason && a.from === b.from && a.to === b.to;

/** The booking as the closure lists it, from its own stream's events (null when it is not live). */
function describe(ref: BookingRef, events: RecordedEvent[]): RangeBooking | null {
  const version = events.length - 1;
  if (ref.kind === 'reservation') {
    const state = fold<ReservationState, ReservationEvent>(reservationDecider, events);
    if (state.status !== 'requested') return null;
    return rangeBooking('reservation', ref.bookingId, version, state.details);
  }
  const state = fold<PartyBookingState, PartyBookingEvent>(partyBookingDecider, events);
  if (state.status !== 'pending' && state.status !== 'approved') return null;
  return rangeBooking('party', ref.bookingId, version, state.details, state.status);
}

/**
 * A booking's stream, waiting a moment while the day holds its seats (or request) but its own stream
 * does not say so yet: a new booking, or a move onto the day, whose own append is still in flight. The
 * day gives the seats back when that append fails, and only after the booking's own append when it
 * leaves the day, so the day's stream says when to stop waiting.
 */
async function bookingStream(runtime: CommandRuntime, ref: BookingRef, wait: boolean): Promise<RecordedEvent[]> {
  const streamId = ref.kind === 'reservation' ? reservationStream(ref.bookingId) : partyBookingStream(ref.bookingId);
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (;;) {
    const events = await runtime.eventStore.readStream(streamId);
    const live = describe(ref, events);
    const inFlight = events.length === 0 || (live !== null && live.date !== ref.date);
    if (!inFlight || !wait || Date.now() > deadline) return events;
    const day = fold<SeatingState, SeatingEvent>(seatingDecider, await runtime.eventStore.readStream(seatingStream(ref.date)));
    if (!bookingsOnDay(day).some((b) => b.bookingId === ref.bookingId)) return events;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Settles one booking of a closure: cancelled by this closure already (a resumed or re-sent closure
 * finds it so and does not cancel twice), cancelled now ('cancel', on its own stream with the closure,
 * which mails the guest once), kept ('keep'), or gone (no longer one the closure affects).
 */
export async function settleBooking(
  runtime: CommandRuntime,
  ref: BookingRef,
  scope: ClosureScope,
  mode: 'keep' | 'cancel' | 'none',
  context: CommandContext,
): Promise<BookingOutcome> {
  const { closure } = scope;
  let lastError = '';
  for (let attempt = 0; attempt < CANCEL_ATTEMPTS; attempt++) {
    const events = await bookingStream(runtime, ref, true);
    const cancelAt = events.findIndex(
      (e) => cancelledEvents.has(e.type) && sameClosure((e.data as { closure?: BookingClosure }).closure, closure),
    );
    if (cancelAt >= 0) {
      const booking = describe(ref, events.slice(0, cancelAt));
      return booking ? { outcome: 'cancelled', booking } : { outcome: 'gone' };
    }
    const booking = describe(ref, events);
    if (!booking || !scope.affects(booking)) return { outcome: 'gone' };
    if (mode === 'keep') return { outcome: 'kept', booking };
    if (mode === 'none') return { outcome: 'notCancelled', booking, message: lastError };
    const delay = cancelDelayMs();
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      const cancel = ref.kind === 'reservation' ? cancelReservation : cancelPartyBooking;
      // One wait for the read models at the end of the closure, not one per booking.
      await cancel(withoutWaiting(runtime), ref.bookingId, booking.version, context, scope.closureOf(booking));
      return { outcome: 'cancelled', booking };
    } catch (error) {
      // Changed meanwhile (a stale version, cancelled by someone else): read it again and decide again.
      if (!(error instanceof DomainError)) throw error;
      lastError = error.message;
    }
  }
  const booking = describe(ref, await bookingStream(runtime, ref, false));
  return booking ? { outcome: 'notCancelled', booking, message: lastError } : { outcome: 'gone' };
}
