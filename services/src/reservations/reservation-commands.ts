import type { AdminReservationPatch, BookingClosure, DetailsChange, ReservationDetails, ReservationEvent } from '@cafe/contracts';
import { RESERVATION_NOT_FOUND } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { fold } from '../platform/commands/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { bookingCommands, type BookingKind, type SeatingOptions } from '../bookings/index.js';
import { reservationDecider, reservationStream, type ReservationCommand, type ReservationState } from './reservation-decider.js';

/** What the shared booking flows (and `ops seats reconcile`) need to know of a reservation. */
export const reservationKind: BookingKind<ReservationState, ReservationCommand, ReservationEvent> = {
  kind: 'reservation',
  decider: reservationDecider,
  stream: reservationStream,
  notFound: RESERVATION_NOT_FOUND,
  liveDetails: (state) => (state.status === 'requested' ? state.details : null),
  // A reservation holds its table from the moment it is made until it is cancelled.
  seats: (state) => (state.status === 'requested' ? { ...seatsOf(state.details), hold: true } : null),
};

/** Table reservations' commands: the routes call these and only reply. */
const flows = bookingCommands(reservationKind);

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
    details,
    (reservationId, rules) => ({ type: 'RequestReservation', reservationId, source, details, ...rules }),
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
    (changes, rules) => ({ type: 'ChangeReservation', changes, ...rules }),
    context,
    options,
  );
}

/** `closure` when staff cancel it because they closed its date (the guest is mailed why). */
export function cancelReservation(
  runtime: CommandRuntime,
  id: string,
  expectedVersion: number | undefined,
  context: CommandContext,
  closure?: BookingClosure,
) {
  return flows.commandOn(runtime, id, { type: 'CancelReservation', ...(closure ? { closure } : {}) }, expectedVersion, context);
}

/** A reservation's details as they stood at one revision of its stream (what a cancellation e-mail quotes). */
export async function reservationDetailsAt(eventStore: EventStore, streamId: string, revision: bigint): Promise<ReservationDetails | null> {
  const history = await eventStore.readStream(streamId, { maxCount: Number(revision) + 1 });
  const state = fold<ReservationState, ReservationEvent>(reservationDecider, history);
  return state.status === 'none' ? null : state.details;
}

/** The guest asked to be forgotten (guest-privacy): the booking stays, its personal data is blanked. */
export function eraseReservationPersonalData(runtime: CommandRuntime, id: string, guestKey: string, context: CommandContext) {
  return flows.commandOn(runtime, id, { type: 'EraseReservationPersonalData', guestKey }, undefined, context);
}
