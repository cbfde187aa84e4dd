import { RESERVATION_NOT_FOUND, cafeTimeOfDay, todayIn, walkInFullMessage, type ReservationDetails } from '@cafe/contracts';
import type { CommandContext } from '../platform/commands/command-types.js';
import { NotFound } from '../platform/commands/domain-errors.js';
import { FullyBooked } from '../cafe-day/index.js';
import {
  cancelBooking,
  changeBooking,
  eraseBooking,
  markBookingArrival,
  requestBooking,
  requestBookingWith,
  type BookingRuntime,
  type CancelBooking,
  type ChangeBooking,
  type MarkArrival,
  type RequestBooking,
} from '../booking-flow/index.js';
import { walkInDetails, type ReservationCommand } from './reservation-decider.js';
import { reservationKind } from './reservation-kind.js';

// Table reservations' commands: the booking flows bound to a reservation. The routes call these and only reply.

export const requestReservation: RequestBooking<ReservationDetails> = (runtime, source, details, context, options) =>
  requestBooking(runtime, reservationKind, source, details, context, options);

export const changeReservation: ChangeBooking<ReservationDetails> = (runtime, id, changes, expectedVersion, context, options) =>
  changeBooking(runtime, reservationKind, id, changes, expectedVersion, context, options);

export const cancelReservation: CancelBooking = (runtime, id, expectedVersion, context, closure) =>
  cancelBooking(runtime, reservationKind, id, expectedVersion, context, closure);

export const eraseReservationPersonalData = (runtime: BookingRuntime, id: string, guestKey: string, context: CommandContext) =>
  eraseBooking(runtime, reservationKind, id, guestKey, context);

/** Staff mark whether a reservation's guests came (a no-show gives its table back). */
export const markReservationArrival: MarkArrival = (runtime, id, status, expectedVersion, context) =>
  markBookingArrival(runtime, reservationKind, id, status, expectedVersion, context);

/**
 * A walk-in, booked and seated now: the same seats as any reservation, refused when full or closed. The
 * decider picks the slot holding now, so a retry with the same Idempotency-Key is the same walk-in when
 * it asks the same (day, size and name), whatever slot holds by then; it answers the stored booking.
 * With a floor, staff may name the tables they seat it at (`tables`: checked, a broken rule refused with
 * TableRule unless `force`, staff having seen the warning); else it gets the best fit of every table, and
 * the answer says which and until when.
 */
export async function addWalkIn(
  runtime: BookingRuntime,
  walkIn: { partySize: number; name?: string; tables?: string[]; force?: boolean },
  context: CommandContext,
) {
  const { tables, force, ...party } = walkIn;
  const now = runtime.clock.now();
  const asked = walkInDetails(party, todayIn(runtime.config.zone, now), '');
  const seatedAt = cafeTimeOfDay(runtime.config.zone, now);
  try {
    const { details, ...answer } = await requestBookingWith(
      runtime,
      reservationKind,
      asked,
      (reservationId, rules): ReservationCommand => ({ type: 'AddWalkIn', reservationId, ...party, ...rules }),
      context,
      tables?.length ? { tables, overrideCapacity: force === true, seatedAt } : { seatedAt },
      (stored, again) => stored.date === again.date && stored.partySize === again.partySize && stored.name === again.name,
    );
    if (!details) throw new NotFound(RESERVATION_NOT_FOUND);
    return { ...answer, date: details.date, time: details.time };
  } catch (error) {
    if (error instanceof FullyBooked) throw new FullyBooked(walkInFullMessage(walkIn.partySize));
    throw error;
  }
}
