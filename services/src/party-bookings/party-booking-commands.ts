import {
  PARTY_BOOKING_NOT_FOUND,
  type AdminPartyDetailsPatch,
  type DetailsChange,
  type PartyBookingDetails,
  type PartyBookingEvent,
} from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { bookingCommands } from '../bookings/booking-commands.js';
import {
  partyBookingDecider,
  partyBookingStream,
  type PartyBookingCommand,
  type PartyBookingState,
} from './party-booking-decider.js';

/** Party bookings' commands: the routes call these and only reply. */
const flows = bookingCommands<PartyBookingState, PartyBookingCommand, PartyBookingEvent>({
  decider: partyBookingDecider,
  stream: partyBookingStream,
  notFound: PARTY_BOOKING_NOT_FOUND,
  liveDetails: (state) => (state.status === 'none' || state.status === 'cancelled' ? null : state.details),
});

export function requestPartyBooking(
  runtime: CommandRuntime,
  source: 'public' | 'admin',
  details: PartyBookingDetails,
  context: CommandContext,
) {
  return flows.request(
    runtime,
    details.date,
    (partyBookingId, closedReason) => ({ type: 'RequestPartyBooking', partyBookingId, source, details, closedReason }),
    context,
  );
}

export function changePartyBookingDetails(
  runtime: CommandRuntime,
  id: string,
  changes: DetailsChange<AdminPartyDetailsPatch & PartyBookingDetails>,
  expectedVersion: number | undefined,
  context: CommandContext,
) {
  return flows.changeDetails(
    runtime,
    id,
    changes,
    expectedVersion,
    (changes, closedReason) => ({ type: 'ChangePartyBookingDetails', changes, closedReason }),
    context,
  );
}

/** Approve or reject a pending booking; on a decided one, the same status with new notes edits the notes. */
export function decidePartyBooking(
  runtime: CommandRuntime,
  id: string,
  decision: { status: 'approved' | 'rejected'; adminNotes?: string; decidedBy: string },
  expectedVersion: number | undefined,
  context: CommandContext,
) {
  return flows.commandOn(runtime, id, { type: 'DecidePartyBooking', ...decision }, expectedVersion, context);
}

export function cancelPartyBooking(runtime: CommandRuntime, id: string, expectedVersion: number | undefined, context: CommandContext) {
  return flows.commandOn(runtime, id, { type: 'CancelPartyBooking' }, expectedVersion, context);
}
