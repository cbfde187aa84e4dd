import type { AdminReservationPatch, DetailsChange, ReservationDetails, ReservationEvent } from '@cafe/contracts';
import { RESERVATION_NOT_FOUND } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { bookingCommands, type SeatingOptions } from '../bookings/booking-commands.js';
import { reservationDecider, reservationStream, type ReservationCommand, type ReservationState } from './reservation-decider.js';

/** Table reservations' commands: the routes call these and only reply. */
const flows = bookingCommands<ReservationState, ReservationCommand, ReservationEvent>({
  kind: 'reservation',
  decider: reservationDecider,
  stream: reservationStream,
  notFound: RESERVATION_NOT_FOUND,
  liveDetails: (state) => (state.status === 'requested' ? state.details : null),
  // A reservation holds its table from the moment it is made until it is cancelled.
  seats: (state) => (state.status === 'requested' ? { ...seatsOf(state.details), hold: true } : null),
});

const seatsOf = ({ date, time, partySize }: ReservationDetails) => ({ date, time, partySize });

export function requestReservation(
  runtime: CommandRuntime,
  source: 'public' | 'admin',
  details: ReservationDetails,
  context: CommandContext,
  options?: SeatingOptions,
) {
  return flows.request(
    runtime,
    details.date,
    (reservationId, closedReason) => ({ type: 'RequestReservation', reservationId, source, details, closedReason }),
    context,
    options,
  );
}

export function changeReservation(
  runtime: CommandRuntime,
  id: string,
  changes: DetailsChange<AdminReservationPatch & ReservationDetails>,
  expectedVersion: number | undefined,
  context: CommandContext,
  options?: SeatingOptions,
) {
  return flows.changeDetails(
    runtime,
    id,
    changes,
    expectedVersion,
    (changes, closedReason) => ({ type: 'ChangeReservation', changes, closedReason }),
    context,
    options,
  );
}

export function cancelReservation(runtime: CommandRuntime, id: string, expectedVersion: number | undefined, context: CommandContext) {
  return flows.commandOn(runtime, id, { type: 'CancelReservation' }, expectedVersion, context);
}
