import type { PartyBookingDetails } from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-types.js';
import {
  cancelBooking,
  changeBooking,
  eraseBooking,
  markBookingArrival,
  onExistingBookingWithRules,
  requestBooking,
  type CancelBooking,
  type ChangeBooking,
  type MarkArrival,
  type RequestBooking,
  type SeatingOptions,
} from '../booking-flow/index.js';
import type { PartyBookingCommand } from './party-booking-decider.js';
import { partyBookingKind } from './party-booking-kind.js';

// Party bookings' commands: the booking flows bound to a party booking. The routes call these and only reply.

export const requestPartyBooking: RequestBooking<PartyBookingDetails> = (runtime, source, details, context, options) =>
  requestBooking(runtime, partyBookingKind, source, details, context, options);

export const changePartyBookingDetails: ChangeBooking<PartyBookingDetails> = (runtime, id, changes, expectedVersion, context, options) =>
  changeBooking(runtime, partyBookingKind, id, changes, expectedVersion, context, options);

export const cancelPartyBooking: CancelBooking = (runtime, id, expectedVersion, context, closure) =>
  cancelBooking(runtime, partyBookingKind, id, expectedVersion, context, closure);

export const erasePartyBookingPersonalData = (runtime: CommandRuntime, id: string, guestKey: string, context: CommandContext) =>
  eraseBooking(runtime, partyBookingKind, id, guestKey, context);

/** Staff mark whether an approved party came; a no-show gives its seats back, undoing it takes them again. */
export const markPartyBookingArrival: MarkArrival = (runtime, id, status, expectedVersion, context) =>
  markBookingArrival(runtime, partyBookingKind, id, status, expectedVersion, context);

/**
 * Approve or reject a pending booking (approval re-checks its day's closure and hours); on a decided one,
 * the same status with new notes edits the notes.
 */
export const decidePartyBooking = (
  runtime: CommandRuntime,
  id: string,
  decision: { status: 'approved' | 'rejected'; adminNotes?: string; decidedBy: string },
  expectedVersion: number | undefined,
  context: CommandContext,
  options?: SeatingOptions,
) =>
  onExistingBookingWithRules(
    runtime,
    partyBookingKind,
    id,
    (rules): PartyBookingCommand => ({ type: 'DecidePartyBooking', ...decision, closedReason: rules.closedReason, hours: rules.hours }),
    expectedVersion,
    context,
    options,
  );
