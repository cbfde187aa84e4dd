import {
  ADMIN_RESERVATION_SIZES,
  PUBLIC_RESERVATION_SIZES,
  RESERVATION_PAST_MESSAGE,
  isSlotOf,
  type ReservationDetails,
  type ReservationEvent,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { refuseIfClosed } from '../blocked-dates/blocked-date-decider.js';

export const reservationStream = (id: string) => streamName('reservation', id);

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
  | { type: 'ChangeReservation'; changes: Partial<ReservationDetails>; closedReason: string | null }
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
        return { ...state, details: { ...state.details, ...changes } };
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
        if (state.status !== 'requested') throw new NotFoundError('Reservation not found');
        const changes = onlyChanged(state.details, command.changes);
        if (Object.keys(changes).length === 0) return [];
        const next = { ...state.details, ...changes };
        // Moving a booking must land on a valid day and slot; leaving date and time alone is always fine.
        if (changes.date !== undefined || changes.time !== undefined) {
          checkBookable(next, ADMIN_RESERVATION_SIZES, today);
          refuseIfClosed(command.closedReason);
        } else if (changes.partySize !== undefined && !ADMIN_RESERVATION_SIZES.includes(changes.partySize)) {
          throw new ValidationError('Party size must be between 1 and 10');
        }
        return [{ type: 'ReservationChanged', data: { reservationId: state.reservationId, ...changes } }];
      }
      case 'CancelReservation':
        if (state.status !== 'requested') throw new NotFoundError('Reservation not found');
        return [{ type: 'ReservationCancelled', data: { reservationId: state.reservationId } }];
    }
  },
};

function checkBookable(details: ReservationDetails, sizes: readonly number[], today: string): void {
  if (!sizes.includes(details.partySize)) {
    throw new ValidationError(`Party size must be between ${sizes[0]} and ${sizes[sizes.length - 1]}`);
  }
  if (details.date < today) throw new ValidationError(RESERVATION_PAST_MESSAGE);
  if (!isSlotOf(details.date, details.time)) {
    throw new ValidationError('Please choose one of the available times for that day');
  }
}

function onlyChanged(current: ReservationDetails, changes: Partial<ReservationDetails>): Partial<ReservationDetails> {
  const out: Partial<ReservationDetails> = {};
  for (const [key, value] of Object.entries(changes) as [keyof ReservationDetails, unknown][]) {
    if (value !== undefined && current[key] !== value) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
