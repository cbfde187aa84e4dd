import type { AdminReservationPatch, DetailsChange, ReservationDetails, ReservationEvent } from '@cafe/contracts';
import { RESERVATION_NOT_FOUND } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { bookingCommands } from '../bookings/booking-commands.js';
import { reservationDecider, reservationStream, type ReservationCommand, type ReservationState } from './reservation-decider.js';

/** Table reservations' commands: the routes call these and only reply. */
const flows = bookingCommands<ReservationState, ReservationCommand, ReservationEvent>({
  decider: reservationDecider,
  stream: reservationStream,
  notFound: RESERVATION_NOT_FOUND,
  liveDetails: (state) => (state.status === 'requested' ? state.details : null),
});

export function requestReservation(
  runtime: CommandRuntime,
  source: 'public' | 'admin',
  details: ReservationDetails,
  context: CommandContext,
) {
  return flows.request(
    runtime,
    details.date,
    (reservationId, closedReason) => ({ type: 'RequestReservation', reservationId, source, details, closedReason }),
    context,
  );
}

export function changeReservation(
  runtime: CommandRuntime,
  id: string,
  changes: DetailsChange<AdminReservationPatch & ReservationDetails>,
  expectedVersion: number | undefined,
  context: CommandContext,
) {
  return flows.changeDetails(
    runtime,
    id,
    changes,
    expectedVersion,
    (changes, closedReason) => ({ type: 'ChangeReservation', changes, closedReason }),
    context,
  );
}

export function cancelReservation(runtime: CommandRuntime, id: string, expectedVersion: number | undefined, context: CommandContext) {
  return flows.commandOn(runtime, id, { type: 'CancelReservation' }, expectedVersion, context);
}

/** The guest asked to be forgotten (guest-privacy): the booking stays, its personal data is blanked. */
export function eraseReservationPersonalData(runtime: CommandRuntime, id: string, guestKey: string, context: CommandContext) {
  return flows.commandOn(runtime, id, { type: 'EraseReservationPersonalData', guestKey }, undefined, context);
}
