import { FULLY_BOOKED_CODE, fullyBookedMessage, type SeatHold, type SeatingEvent } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';
import { peakSeated } from './seats.js';

/**
 * One stream per calendar date (seating-<yyyy-MM-dd>) holding every booking's seats that day. Each
 * booking first reserves here, with the expected revision, and only then is its own stream appended:
 * two bookings racing for the last seats cannot both pass, whichever booking streams they are on.
 */
export const seatingStream = (date: string) => streamName('seating', date);

/** A booking would seat more people than the café holds at that time (409, code 'fully-booked'). */
export class FullyBooked extends Conflict {
  override readonly code = FULLY_BOOKED_CODE;
}

export type SeatingState = { status: 'empty' } | { status: 'holding'; holds: Record<string, SeatHold> };

export type SeatingCommand =
  | {
      type: 'ReserveSeats';
      date: string;
      hold: SeatHold;
      capacity: number;
      /** Staff booking past the capacity on purpose. */
      override: boolean;
    }
  | { type: 'ReleaseSeats'; date: string; bookingId: string };

export const holdsOf = (state: SeatingState): Record<string, SeatHold> => (state.status === 'holding' ? state.holds : {});

const sameHold = (a: SeatHold | undefined, b: SeatHold) =>
  a !== undefined && a.time === b.time && a.partySize === b.partySize && a.holdingMinutes === b.holdingMinutes && a.kind === b.kind;

export const seatingDecider: Decider<SeatingState, SeatingCommand, SeatingEvent> = {
  initialState: () => ({ status: 'empty' }),
  evolve: (state, event) => {
    const holds = { ...holdsOf(state) };
    switch (event.type) {
      case 'SeatsReserved': {
        const { date: _date, capacity: _capacity, overCapacity: _over, ...hold } = event.data;
        holds[hold.bookingId] = hold;
        break;
      }
      case 'SeatsReleased':
        delete holds[event.data.bookingId];
        break;
    }
    return Object.keys(holds).length ? { status: 'holding', holds } : { status: 'empty' };
  },
  decide: (command, state) => {
    const holds = holdsOf(state);
    switch (command.type) {
      case 'ReserveSeats': {
        const { hold } = command;
        if (sameHold(holds[hold.bookingId], hold)) return [];
        // The booking's own seats (a change of size or time) do not count against it.
        const others = Object.values(holds).filter((h) => h.bookingId !== hold.bookingId);
        const over = peakSeated(others, hold.time, hold.holdingMinutes) + hold.partySize > command.capacity;
        if (over && !command.override) throw new FullyBooked(fullyBookedMessage(hold.time));
        return [
          {
            type: 'SeatsReserved',
            data: { date: command.date, ...hold, capacity: command.capacity, ...(over ? { overCapacity: true as const } : {}) },
          },
        ];
      }
      case 'ReleaseSeats':
        if (!holds[command.bookingId]) return [];
        return [{ type: 'SeatsReleased', data: { date: command.date, bookingId: command.bookingId } }];
    }
  },
};
