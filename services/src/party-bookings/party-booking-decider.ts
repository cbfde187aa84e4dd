import {
  ADMIN_PARTY_SIZES,
  partySizesOf,
  ARRIVAL_PARTY_NOT_APPROVED,
  type ArrivalStatus,
  type PartyBookingArrivalEvent,
  EVENT_TYPE_REQUIRED,
  EVENT_TYPE_UNKNOWN,
  EVENT_TYPE_VALUES,
  PARTY_BOOKING_EXISTS,
  PARTY_BOOKING_NOT_FOUND,
  PARTY_PAST_MESSAGE,
  PUBLIC_PARTY_SIZES,
  alreadyDecidedMessage,
  type BookingClosure,
  type DetailsChange,
  type HeldPartyBooking,
  type OpeningHours,
  type PartyBookingDetails,
  type PartyBookingEvent,
  withoutPersonalData,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, InvalidCommand, NotFound } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { refuseIfClosed } from '../cafe-day/index.js';
import { applyChanges, changedDetails, checkBookable, checkOpen, checkSize, checkWhen, decideArrival } from '../booking-rules/index.js';

export const partyBookingStream = (id: string) => streamName('partyBooking', id);

interface Booking {
  partyBookingId: string;
  details: PartyBookingDetails;
  adminNotes?: string;
}
interface Decided extends Booking {
  approvedBy: string;
  approvedAt: string;
  /** Whether an approved party's guests came; absent while expected. */
  arrival?: Exclude<ArrivalStatus, 'expected'>;
}

/**
 * A booking starts pending; an admin approves or rejects it once; then only notes change, unless its guest
 * makes an approved party larger or moves it: then it is pending again, `held` the approved booking that
 * keeps its seats until staff decide (approve: the new details are held; reject: approved as it was).
 */
export type PartyBookingState =
  | { status: 'none' }
  | ({ status: 'pending'; held?: HeldPartyBooking } & Booking)
  | ({ status: 'approved' } & Decided)
  | ({ status: 'rejected' } & Decided)
  | ({ status: 'cancelled' } & Booking);

export type PartyBookingCommand =
  | {
      type: 'RequestPartyBooking';
      partyBookingId: string;
      details: PartyBookingDetails;
      source: 'public' | 'admin';
      /** Why the date is closed, read from blockedDate-<date> by the handler; null when open. */
      closedReason: string | null;
      /** The café's opening hours now (business info): a time outside them is refused. */
      hours: OpeningHours;
      /** The sizes the public form takes now (business info); SPEC's 6 to 24 when not given. */
      partySizes?: { partySizeMin: number; partySizeMax: number };
    }
  | {
      type: 'ChangePartyBookingDetails';
      changes: DetailsChange<PartyBookingDetails>;
      closedReason: string | null;
      hours: OpeningHours;
      /** The guest through their link: an approved party they make larger or move waits for staff again. Staff by default. */
      by?: 'guest' | 'staff';
    }
  /**
   * The Approve/Reject dialog. For a booking already decided it re-sends the current status with edited
   * notes: that is a notes-only edit; a different status is refused. Approving checks the booking's day
   * as a new booking is checked (closed since, or outside the hours now), read by the handler.
   */
  | {
      type: 'DecidePartyBooking';
      status: 'approved' | 'rejected';
      adminNotes?: string;
      decidedBy: string;
      closedReason: string | null;
      hours: OpeningHours;
    }
  /** With `closure` when staff closed the booking's date: recorded, and the guest is mailed why. */
  | { type: 'CancelPartyBooking'; closure?: BookingClosure }
  /** The guest asked to be forgotten: the booking stays (counts, date, size), its personal data goes. */
  | { type: 'ErasePartyBookingPersonalData'; guestKey: string }
  /** Staff mark whether an approved party's guests came (and back, to undo). */
  | { type: 'MarkPartyBookingArrival'; status: ArrivalStatus };

export type PartyBookingStreamEvent = PartyBookingEvent | PartyBookingArrivalEvent;

export const partyBookingDecider: Decider<PartyBookingState, PartyBookingCommand, PartyBookingStreamEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'PartyBookingRequested': {
        const { partyBookingId, source: _source, ...details } = event.data;
        return { status: 'pending', partyBookingId, details };
      }
      case 'PartyBookingDetailsChanged': {
        if (state.status === 'none' || state.status === 'cancelled') return state;
        const { partyBookingId: _id, ...changes } = event.data;
        return { ...state, details: applyChanges(state.details, changes) };
      }
      case 'PartyBookingApproved':
      case 'PartyBookingRejected': {
        if (state.status !== 'pending') return state;
        const { approvedBy, approvedAt, adminNotes } = event.data;
        return {
          status: event.type === 'PartyBookingApproved' ? 'approved' : 'rejected',
          partyBookingId: state.partyBookingId,
          details: state.details,
          approvedBy,
          approvedAt,
          ...(adminNotes ? { adminNotes } : {}),
        };
      }
      case 'PartyBookingNotesChanged': {
        if (state.status === 'none' || state.status === 'cancelled') return state;
        const { adminNotes: _old, ...rest } = state;
        return event.data.adminNotes ? { ...rest, adminNotes: event.data.adminNotes } : rest;
      }
      case 'PartyBookingCancelled':
        if (state.status === 'none' || state.status === 'cancelled') return state;
        return {
          status: 'cancelled',
          partyBookingId: state.partyBookingId,
          details: state.details,
          ...(state.adminNotes ? { adminNotes: state.adminNotes } : {}),
        };
      case 'PartyBookingPersonalDataErased':
        return state.status === 'none' ? state : { ...state, details: withoutPersonalData(state.details) };
      case 'PartyBookingArrivalMarked': {
        if (state.status !== 'approved') return state;
        const { arrival: _was, ...rest } = state;
        return event.data.status === 'expected' ? rest : { ...rest, arrival: event.data.status };
      }
      case 'PartyBookingReturnedToPending': {
        if (state.status !== 'approved') return state;
        const { partyBookingId, details, adminNotes } = state;
        return { status: 'pending', partyBookingId, details, ...(adminNotes ? { adminNotes } : {}), held: event.data.held };
      }
      case 'PartyBookingChangeDeclined': {
        if (state.status !== 'pending') return state;
        const { restored, adminNotes } = event.data;
        const { date, time, partySize, approvedBy, approvedAt } = restored;
        return {
          status: 'approved',
          partyBookingId: state.partyBookingId,
          details: { ...state.details, date, time, partySize },
          approvedBy,
          approvedAt,
          ...(adminNotes ? { adminNotes } : {}),
        };
      }
    }
  },
  decide: (command, state, time) => {
    const { today, now } = time;
    switch (command.type) {
      case 'RequestPartyBooking': {
        if (state.status !== 'none') throw new Conflict(PARTY_BOOKING_EXISTS);
        checkEventType(command.details.eventType);
        // The public form's sizes are the café's (Business Info); the seating decision bounds them by the seats.
        const sizes =
          command.source === 'admin' ? ADMIN_PARTY_SIZES : command.partySizes ? partySizesOf(command.partySizes) : PUBLIC_PARTY_SIZES;
        checkBookable(command.details, sizes, time, PARTY_PAST_MESSAGE);
        refuseIfClosed(command.closedReason);
        checkOpen(command.details, command.hours);
        return [
          {
            type: 'PartyBookingRequested',
            data: { partyBookingId: command.partyBookingId, source: command.source, ...command.details },
          },
        ];
      }
      case 'ChangePartyBookingDetails': {
        if (state.status === 'none' || state.status === 'cancelled') throw new NotFound(PARTY_BOOKING_NOT_FOUND);
        const changes = changedDetails(state.details, command.changes);
        if (Object.keys(changes).length === 0) return [];
        if (changes.eventType !== undefined) checkEventType(changes.eventType);
        const next = applyChanges(state.details, changes);
        // A public-form size (6–24) stays valid until the size itself is edited with the admin list.
        if (changes.partySize !== undefined) checkSize(changes.partySize, ADMIN_PARTY_SIZES);
        if (changes.date !== undefined || changes.time !== undefined) {
          checkWhen(next, time, PARTY_PAST_MESSAGE);
          refuseIfClosed(command.closedReason);
          checkOpen(next, command.hours);
        }
        const changed: PartyBookingStreamEvent = {
          type: 'PartyBookingDetailsChanged',
          data: { partyBookingId: state.partyBookingId, ...changes },
        };
        // Whether the guests came was about the old date and time: a moved party is expected again, so it
        // holds seats on its new slot against the capacity (a no-show would hold none, and its undo overbook).
        const moved = changes.date !== undefined || changes.time !== undefined;
        const events: PartyBookingStreamEvent[] = [changed];
        if (moved && state.status === 'approved' && state.arrival) {
          events.push({
            type: 'PartyBookingArrivalMarked',
            data: { partyBookingId: state.partyBookingId, status: 'expected', from: state.arrival },
          });
        }
        // Staff agreed to this many people at this time, not to more or to another: the guest's larger or moved
        // party waits for them again, the approved one keeping its seats meanwhile. Fewer people stay approved.
        const larger = changes.partySize !== undefined && changes.partySize > state.details.partySize;
        if (command.by === 'guest' && state.status === 'approved' && (moved || larger)) {
          const { date, time, partySize } = state.details;
          const held = { date, time, partySize, approvedBy: state.approvedBy, approvedAt: state.approvedAt };
          events.push({ type: 'PartyBookingReturnedToPending', data: { partyBookingId: state.partyBookingId, held } });
        }
        return events;
      }
      case 'DecidePartyBooking':
        return decideOutcome(command, state, now);
      case 'CancelPartyBooking':
        if (state.status === 'none' || state.status === 'cancelled') throw new NotFound(PARTY_BOOKING_NOT_FOUND);
        return [
          {
            type: 'PartyBookingCancelled',
            data: { partyBookingId: state.partyBookingId, ...(command.closure ? { closure: command.closure } : {}) },
          },
        ];
      case 'ErasePartyBookingPersonalData':
        // A cancelled booking is erased too: its history still names the guest.
        if (state.status === 'none') throw new NotFound(PARTY_BOOKING_NOT_FOUND);
        return [{ type: 'PartyBookingPersonalDataErased', data: { partyBookingId: state.partyBookingId, guestKey: command.guestKey } }];
      case 'MarkPartyBookingArrival': {
        if (state.status === 'none' || state.status === 'cancelled') throw new NotFound(PARTY_BOOKING_NOT_FOUND);
        if (state.status !== 'approved') throw new Conflict(ARRIVAL_PARTY_NOT_APPROVED);
        const marked = decideArrival(state.arrival ?? 'expected', command.status, state.details.date, today);
        return [{ type: 'PartyBookingArrivalMarked', data: { partyBookingId: state.partyBookingId, ...marked } }];
      }
    }
  },
};

function decideOutcome(
  command: Extract<PartyBookingCommand, { type: 'DecidePartyBooking' }>,
  state: PartyBookingState,
  now: Date,
): PartyBookingEvent[] {
  switch (state.status) {
    case 'none':
    case 'cancelled':
      throw new NotFound(PARTY_BOOKING_NOT_FOUND);
    case 'pending': {
      const notes = command.adminNotes ? { adminNotes: command.adminNotes } : {};
      const decision = { partyBookingId: state.partyBookingId, approvedBy: command.decidedBy, approvedAt: now.toISOString(), ...notes };
      if (command.status === 'approved') {
        // The day as it is now, as a new booking would find it: closed since the request, or its hours changed.
        refuseIfClosed(command.closedReason);
        checkOpen(state.details, command.hours);
        return [{ type: 'PartyBookingApproved', data: decision }];
      }
      // A change of an approved party turned down: the party stays approved as it was, not rejected outright.
      if (state.held) {
        const declined = { partyBookingId: state.partyBookingId, declinedBy: command.decidedBy, declinedAt: now.toISOString(), ...notes };
        return [{ type: 'PartyBookingChangeDeclined', data: { ...declined, restored: state.held } }];
      }
      return [{ type: 'PartyBookingRejected', data: decision }];
    }
    case 'approved':
    case 'rejected': {
      if (command.status !== state.status) throw new Conflict(alreadyDecidedMessage(state.status));
      // The dialog sends the whole notes field: empty means the notes were cleared.
      const notes = command.adminNotes || null;
      if (notes === (state.adminNotes ?? null)) return [];
      return [{ type: 'PartyBookingNotesChanged', data: { partyBookingId: state.partyBookingId, adminNotes: notes } }];
    }
  }
}

function checkEventType(eventType: string | undefined): void {
  if (!eventType || !eventType.trim()) throw new InvalidCommand(EVENT_TYPE_REQUIRED);
  if (!EVENT_TYPE_VALUES.includes(eventType)) throw new InvalidCommand(EVENT_TYPE_UNKNOWN);
}
