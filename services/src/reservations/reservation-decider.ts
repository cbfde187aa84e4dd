import {
  ADMIN_RESERVATION_SIZES,
  PUBLIC_RESERVATION_SIZES,
  RESERVATION_PAST_MESSAGE,
  isSlotOf,
  type DetailsChange,
  type ReservationDetails,
  type ReservationEvent,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { refuseIfClosed } from '../blocked-dates/blocked-date-decider.js';
import { applyChanges, changedDetails } from './booking-details.js';

export const reservationStream = (id: string) => streamName('reservation', id);

export const RESERVATION_NOT_FOUND = 'Reservation not found';
export const SLOT_MESSAGE = 'Please choose one of the available times for that day';

export type ReservationState =
  | { status: 'none' }
  | { status: 'requested'; reservationId: string; details: ReservationDetails; source: 'public' | 'admin' }
  | { status: 'cancelled'; reservationId: string; details: ReservationDetails };

export type ReservationCommand =
  | {
      type: 'RequestReservation';
      reservationId: string;
      details: ReservationDetails;
      source: 'public' | 'admin';
      /** Why the date is closed, read from blockedDate-<date> by the handler; null when open. */
      closedReason: string | null;
    }
  | {
      type: 'ChangeReservation';
      changes: DetailsChange<ReservationDetails>;
      /** Closed reason of the date the booking would have after the change. */
      closedReason: string | null;
    }
  | { type: 'CancelReservation' };

/**
 * Table reservations. Rules that the contract schema also checks (sizes, slots, past dates) are
 * checked again here: the decider is the last word, whatever route a command came through.
 */
export const reservationDecider: Decider<ReservationState, ReservationCommand, ReservationEvent> = {
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
        return state.status === 'requested'
          ? { status: 'cancelled', reservationId: state.reservationId, details: state.details }
          : state;
    }
  },
  decide: (command, state, { today }) => {
    switch (command.type) {
      case 'RequestReservation': {
        if (state.status !== 'none') throw new ConflictError('This reservation already exists');
        const sizes = command.source === 'public' ? PUBLIC_RESERVATION_SIZES : ADMIN_RESERVATION_SIZES;
        checkBookable(command.details, sizes, today);
        refuseIfClosed(command.closedReason);
        return [
          {
            type: 'ReservationRequested',
            data: { reservationId: command.reservationId, source: command.source, ...command.details },
          },
        ];
      }
      case 'ChangeReservation': {
        if (state.status !== 'requested') throw new NotFoundError(RESERVATION_NOT_FOUND);
        const changes = changedDetails(state.details, command.changes);
        if (Object.keys(changes).length === 0) return [];
        const next = applyChanges(state.details, changes);
        // Moving a booking must land on a valid, open day and slot; leaving date and time alone is always
        // fine, so last week's booking can still get its name corrected.
        // A size set on the public form stays valid until someone changes the size itself.
        if (changes.partySize !== undefined) checkSize(changes.partySize, ADMIN_RESERVATION_SIZES);
        if (changes.date !== undefined || changes.time !== undefined) {
          checkWhen(next, today);
          refuseIfClosed(command.closedReason);
        }
        return [{ type: 'ReservationChanged', data: { reservationId: state.reservationId, ...changes } }];
      }
      case 'CancelReservation':
        if (state.status !== 'requested') throw new NotFoundError(RESERVATION_NOT_FOUND);
        return [{ type: 'ReservationCancelled', data: { reservationId: state.reservationId } }];
    }
  },
};

export function checkSize(size: number, sizes: readonly number[]): void {
  if (sizes.includes(size)) return;
  const contiguous = sizes.every((n, i) => i === 0 || n === sizes[i - 1]! + 1);
  throw new ValidationError(
    `Party size must be ${contiguous ? `between ${sizes[0]} and ${sizes[sizes.length - 1]}` : `one of ${sizes.join(', ')}`}`,
  );
}

/** Size, not in the past (café's today), and one of the date's 30-minute slots. */
export function checkBookable(
  details: Pick<ReservationDetails, 'partySize' | 'date' | 'time'>,
  sizes: readonly number[],
  today: string,
  pastMessage = RESERVATION_PAST_MESSAGE,
): void {
  checkSize(details.partySize, sizes);
  checkWhen(details, today, pastMessage);
}

/** Not before today (café zone) and one of the date's 30-minute slots. */
export function checkWhen(
  details: Pick<ReservationDetails, 'date' | 'time'>,
  today: string,
  pastMessage = RESERVATION_PAST_MESSAGE,
): void {
  if (details.date < today) throw new ValidationError(pastMessage);
  if (!isSlotOf(details.date, details.time)) throw new ValidationError(SLOT_MESSAGE);
}
