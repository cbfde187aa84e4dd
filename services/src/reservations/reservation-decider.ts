import {
  ADMIN_RESERVATION_SIZES,
  WALK_IN_CLOSED_MESSAGE,
  WALK_IN_NAME,
  slotNow,
  closedByHoursMessage,
  isSlotOf,
  outsideHoursMessage,
  type ArrivalStatus,
  type ReservationArrivalEvent,
  PUBLIC_RESERVATION_SIZES,
  RESERVATION_EXISTS,
  RESERVATION_NOT_FOUND,
  type BookingClosure,
  type DetailsChange,
  type OpeningHours,
  type ReservationDetails,
  type ReservationEvent,
  withoutPersonalData,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, DateClosed, NotFound } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { refuseIfClosed } from '../cafe-day/index.js';
import { applyChanges, changedDetails, checkBookable, checkOpen, checkSize, checkWhen, decideArrival } from '../booking-rules/index.js';

export const reservationStream = (id: string) => streamName('reservation', id);

export type ReservationState =
  | { status: 'none' }
  | {
      status: 'requested';
      reservationId: string;
      details: ReservationDetails;
      source: 'public' | 'admin';
      /** Whether the guests came; absent while expected. */
      arrival?: Exclude<ArrivalStatus, 'expected'>;
    }
  | { status: 'cancelled'; reservationId: string; details: ReservationDetails };

export type ReservationCommand =
  | {
      type: 'RequestReservation';
      reservationId: string;
      details: ReservationDetails;
      source: 'public' | 'admin';
      /** Why the date is closed, read from blockedDate-<date> by the handler; null when open. */
      closedReason: string | null;
      /** The café's opening hours now (business info): a time outside them is refused. */
      hours: OpeningHours;
    }
  | {
      type: 'ChangeReservation';
      changes: DetailsChange<ReservationDetails>;
      /** Closed reason of the date the booking would have after the change. */
      closedReason: string | null;
      hours: OpeningHours;
    }
  /** With `closure` when staff closed the booking's date: recorded, and the guest is mailed why. */
  | { type: 'CancelReservation'; closure?: BookingClosure }
  /** The guest asked to be forgotten: the booking stays (counts, date, size), its personal data goes. */
  | { type: 'EraseReservationPersonalData'; guestKey: string }
  /** Staff mark whether the guests came (and back, to undo). */
  | { type: 'MarkReservationArrival'; status: ArrivalStatus }
  /** A walk-in: booked and seated at once, today at the slot holding now; refused when closed. */
  | { type: 'AddWalkIn'; reservationId: string; partySize: number; name?: string; closedReason: string | null; hours: OpeningHours };

export type ReservationStreamEvent = ReservationEvent | ReservationArrivalEvent;

/**
 * Table reservations. Rules that the contract schema also checks (sizes, slots, past dates) are
 * checked again here: the decider is the last word, whatever route a command came through.
 */
export const reservationDecider: Decider<ReservationState, ReservationCommand, ReservationStreamEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ReservationRequested': {
        const { reservationId, source, ...details } = event.data;
        return { status: 'requested', reservationId, source, details };
      }
      case 'ReservationChanged': {
        if (state.status !== 'requested') return state;
        const { reservationId: _id, ...changes } = event.data;
        return { ...state, details: applyChanges(state.details, changes) };
      }
      case 'ReservationCancelled':
        return state.status === 'requested' ? { status: 'cancelled', reservationId: state.reservationId, details: state.details } : state;
      case 'ReservationPersonalDataErased':
        return state.status === 'none' ? state : { ...state, details: withoutPersonalData(state.details) };
      case 'ReservationArrivalMarked': {
        if (state.status !== 'requested') return state;
        const { arrival: _was, ...rest } = state;
        return event.data.status === 'expected' ? rest : { ...rest, arrival: event.data.status };
      }
    }
  },
  decide: (command, state, time) => {
    const { today, now, zone } = time;
    switch (command.type) {
      case 'RequestReservation': {
        if (state.status !== 'none') throw new Conflict(RESERVATION_EXISTS);
        const sizes = command.source === 'public' ? PUBLIC_RESERVATION_SIZES : ADMIN_RESERVATION_SIZES;
        checkBookable(command.details, sizes, time);
        refuseIfClosed(command.closedReason);
        checkOpen(command.details, command.hours);
        return [
          {
            type: 'ReservationRequested',
            data: { reservationId: command.reservationId, source: command.source, ...command.details },
          },
        ];
      }
      case 'ChangeReservation': {
        if (state.status !== 'requested') throw new NotFound(RESERVATION_NOT_FOUND);
        const changes = changedDetails(state.details, command.changes);
        if (Object.keys(changes).length === 0) return [];
        const next = applyChanges(state.details, changes);
        // Moving a booking must land on a valid, open day and slot; leaving date and time alone is always
        // fine, so last week's booking can still get its name corrected.
        // A size set on the public form stays valid until someone changes the size itself.
        if (changes.partySize !== undefined) checkSize(changes.partySize, ADMIN_RESERVATION_SIZES);
        if (changes.date !== undefined || changes.time !== undefined) {
          checkWhen(next, time);
          refuseIfClosed(command.closedReason);
          checkOpen(next, command.hours);
        }
        const changed: ReservationStreamEvent = { type: 'ReservationChanged', data: { reservationId: state.reservationId, ...changes } };
        // Whether the guests came was about the old date and time: a moved booking is expected again, so it
        // holds seats on its new slot against the capacity (a no-show would hold none, and its undo overbook).
        const moved = changes.date !== undefined || changes.time !== undefined;
        if (!moved || !state.arrival) return [changed];
        return [
          changed,
          { type: 'ReservationArrivalMarked', data: { reservationId: state.reservationId, status: 'expected', from: state.arrival } },
        ];
      }
      case 'CancelReservation':
        if (state.status !== 'requested') throw new NotFound(RESERVATION_NOT_FOUND);
        return [
          {
            type: 'ReservationCancelled',
            data: { reservationId: state.reservationId, ...(command.closure ? { closure: command.closure } : {}) },
          },
        ];
      case 'EraseReservationPersonalData':
        // A cancelled booking is erased too: its history still names the guest.
        if (state.status === 'none') throw new NotFound(RESERVATION_NOT_FOUND);
        return [{ type: 'ReservationPersonalDataErased', data: { reservationId: state.reservationId, guestKey: command.guestKey } }];
      case 'MarkReservationArrival': {
        if (state.status !== 'requested') throw new NotFound(RESERVATION_NOT_FOUND);
        const marked = decideArrival(state.arrival ?? 'expected', command.status, state.details.date, today);
        return [{ type: 'ReservationArrivalMarked', data: { reservationId: state.reservationId, ...marked } }];
      }
      case 'AddWalkIn': {
        if (state.status !== 'none') throw new Conflict(RESERVATION_EXISTS);
        // Today, at the slot holding now, in the café's zone; a walk-in leaves no e-mail or phone.
        const details = walkInDetails(command, today, slotNow(zone, now));
        checkSize(details.partySize, ADMIN_RESERVATION_SIZES);
        refuseIfClosed(command.closedReason);
        const closed = closedByHoursMessage(details.date, command.hours);
        if (closed) throw new DateClosed(closed);
        // Outside the hours the café seats guests (before opening, after the last seating): said as such.
        if (!isSlotOf(details.date, details.time) || outsideHoursMessage(details.date, details.time, command.hours)) {
          throw new Conflict(WALK_IN_CLOSED_MESSAGE);
        }
        return [
          { type: 'ReservationRequested', data: { reservationId: command.reservationId, source: 'admin', ...details } },
          {
            type: 'ReservationArrivalMarked',
            data: { reservationId: command.reservationId, status: 'seated', from: 'expected', walkIn: true },
          },
        ];
      }
    }
  },
};

export const walkInDetails = (walkIn: { partySize: number; name?: string }, date: string, time: string): ReservationDetails => ({
  name: walkIn.name ?? WALK_IN_NAME,
  email: '',
  phone: '',
  partySize: walkIn.partySize,
  date,
  time,
});
