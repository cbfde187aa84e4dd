import {
  PARTY_BOOKING_NOT_FOUND,
  type AdminPartyDetailsPatch,
  type BookingClosure,
  type DetailsChange,
  type PartyBookingDetails,
  type PartyBookingEvent,
} from '@cafe/contracts';
import type { CommandContext, CommandRuntime } from '../platform/commands/command-runner.js';
import { fold } from '../platform/commands/decider.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { bookingCommands, type BookingKind, type SeatingOptions } from '../bookings/index.js';
import { partyBookingDecider, partyBookingStream, type PartyBookingCommand, type PartyBookingState } from './party-booking-decider.js';

/** What the shared booking flows (and `ops seats reconcile`) need to know of a party booking. */
export const partyBookingKind: BookingKind<PartyBookingState, PartyBookingCommand, PartyBookingEvent> = {
  kind: 'party',
  decider: partyBookingDecider,
  stream: partyBookingStream,
  notFound: PARTY_BOOKING_NOT_FOUND,
  liveDetails: (state) => (state.status === 'none' || state.status === 'cancelled' ? null : state.details),
  /**
   * An approved party holds its seats. A pending request holds none (a request nobody decides must not
   * keep tables from walk-in guests) but must fit when made or moved: the café would not approve a party
   * it cannot seat, so the guest hears "fully booked" now rather than a rejection days later.
   */
  seats: (state) => {
    if (state.status !== 'pending' && state.status !== 'approved') return null;
    const { date, time, partySize } = state.details;
    return { date, time, partySize, hold: state.status === 'approved' };
  },
};

/** Party bookings' commands: the routes call these and only reply. */
const flows = bookingCommands(partyBookingKind);

export function requestPartyBooking(
  runtime: CommandRuntime,
  source: 'public' | 'admin',
  details: PartyBookingDetails,
  context: CommandContext,
  options?: SeatingOptions,
) {
  return flows.request(
    runtime,
    details,
    (partyBookingId, rules) => ({ type: 'RequestPartyBooking', partyBookingId, source, details, ...rules }),
    context,
    options,
  );
}

export function changePartyBookingDetails(
  runtime: CommandRuntime,
  id: string,
  changes: DetailsChange<AdminPartyDetailsPatch & PartyBookingDetails>,
  expectedVersion: number | undefined,
  context: CommandContext,
  options?: SeatingOptions,
) {
  return flows.changeDetails(
    runtime,
    id,
    changes,
    expectedVersion,
    (changes, rules) => ({ type: 'ChangePartyBookingDetails', changes, ...rules }),
    context,
    options,
  );
}

/** Approve or reject a pending booking; on a decided one, the same status with new notes edits the notes. */
export function decidePartyBooking(
  runtime: CommandRuntime,
  id: string,
  decision: { status: 'approved' | 'rejected'; adminNotes?: string; decidedBy: string },
  expectedVersion: number | undefined,
  context: CommandContext,
  options?: SeatingOptions,
) {
  return flows.commandOn(runtime, id, { type: 'DecidePartyBooking', ...decision }, expectedVersion, context, options);
}

/** `closure` when staff cancel it because they closed its date (the guest is mailed why). */
export function cancelPartyBooking(
  runtime: CommandRuntime,
  id: string,
  expectedVersion: number | undefined,
  context: CommandContext,
  closure?: BookingClosure,
) {
  return flows.commandOn(runtime, id, { type: 'CancelPartyBooking', ...(closure ? { closure } : {}) }, expectedVersion, context);
}

/**
 * A booking's details as they stood at one revision of its stream, folded from the event store (not a
 * read model that may lag): what the outcome e-mail quotes.
 */
export async function partyBookingDetailsAt(
  eventStore: EventStore,
  streamId: string,
  revision: bigint,
): Promise<PartyBookingDetails | null> {
  const history = await eventStore.readStream(streamId, { maxCount: Number(revision) + 1 });
  const state = fold<PartyBookingState, PartyBookingEvent>(partyBookingDecider, history);
  return state.status === 'none' ? null : state.details;
}

/** The guest asked to be forgotten (guest-privacy): the booking stays, its personal data is blanked. */
export function erasePartyBookingPersonalData(runtime: CommandRuntime, id: string, guestKey: string, context: CommandContext) {
  return flows.commandOn(runtime, id, { type: 'ErasePartyBookingPersonalData', guestKey }, undefined, context);
}
