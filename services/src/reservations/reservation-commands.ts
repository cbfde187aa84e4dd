import { RESERVATION_NOT_FOUND, todayIn, walkInFullMessage, type ArrivalStatus } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { bookingCommands, type BookingKind } from '../booking-flow/index.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { FullyBooked } from '../cafe-day/index.js';
import {
  reservationDecider,
  reservationStream,
  walkInDetails,
  type ReservationCommand,
  type ReservationState,
  type ReservationStreamEvent,
} from './reservation-decider.js';

/** What the shared booking flows (and `ops seats reconcile`) need to know of a reservation. */
export const reservationKind: BookingKind<ReservationState, ReservationCommand, ReservationStreamEvent> = {
  kind: 'reservation',
  decider: reservationDecider,
  stream: reservationStream,
  notFound: RESERVATION_NOT_FOUND,
  commands: {
    request: (reservationId, source, details, rules) => ({ type: 'RequestReservation', reservationId, source, details, ...rules }),
    change: (changes, rules) => ({ type: 'ChangeReservation', changes, ...rules }),
    cancel: (closure) => ({ type: 'CancelReservation', ...(closure ? { closure } : {}) }),
    erase: (guestKey) => ({ type: 'EraseReservationPersonalData', guestKey }),
  },
  details: (state) => (state.status === 'none' ? null : state.details),
  liveDetails: (state) => (state.status === 'requested' ? state.details : null),
  // A reservation holds its table from the moment it is made until it is cancelled, or its guests did not come.
  seats: (state) => {
    if (state.status !== 'requested' || state.arrival === 'no-show') return null;
    const { date, time, partySize } = state.details;
    return { date, time, partySize, hold: true };
  },
};

/** Table reservations' commands (the booking core's flows for this kind): the routes call these and only reply. */
export const reservationCommands = bookingCommands(reservationKind);

export const {
  request: requestReservation,
  change: changeReservation,
  cancel: cancelReservation,
  erase: eraseReservationPersonalData,
  detailsAt: reservationDetailsAt,
} = reservationCommands;

/**
 * Staff mark whether a reservation's guests came. A no-show gives its seats back; undoing it takes them
 * again even past the capacity (the guests are there: staff correct a fact, not make a promise).
 */
export const markReservationArrival = (
  runtime: CommandRuntime,
  id: string,
  status: ArrivalStatus,
  expectedVersion: number | undefined,
  context: CommandContext,
) =>
  reservationCommands.commandOn(runtime, id, { type: 'MarkReservationArrival', status }, expectedVersion, context, {
    overrideCapacity: true,
  });

/**
 * A walk-in, booked and seated now: the same seats as any reservation, refused when full or closed. The
 * decider picks the slot holding now, so a retry with the same Idempotency-Key is the same walk-in when
 * it asks the same (day, size and name), whatever slot holds by then; it answers the stored booking.
 */
export async function addWalkIn(runtime: CommandRuntime, walkIn: { partySize: number; name?: string }, context: CommandContext) {
  const asked = walkInDetails(walkIn, todayIn(runtime.config.zone, runtime.clock.now()), '');
  try {
    const { details, ...answer } = await reservationCommands.requestWith(
      runtime,
      asked,
      (reservationId, rules) => ({ type: 'AddWalkIn', reservationId, ...walkIn, ...rules }),
      context,
      {},
      (stored, again) => stored.date === again.date && stored.partySize === again.partySize && stored.name === again.name,
    );
    if (!details) throw new NotFound(RESERVATION_NOT_FOUND);
    return { ...answer, date: details.date, time: details.time };
  } catch (error) {
    if (error instanceof FullyBooked) throw new FullyBooked(walkInFullMessage(walkIn.partySize));
    throw error;
  }
}
