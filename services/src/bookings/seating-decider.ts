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
  | { type: 'ReleaseSeats'; date: string; bookingId: string }
  /**
   * Make the day hold exactly `wanted` (ops seats reconcile): release every other hold, reserve what is
   * missing or different. Never refused: these bookings are already confirmed to guests, so a full day
   * records the seats as over capacity.
   */
  | { type: 'ReconcileSeats'; date: string; wanted: SeatHold[]; capacity: number };

export const holdsOf = (state: SeatingState): Record<string, SeatHold> => (state.status === 'holding' ? state.holds : {});

const sameHold = (a: SeatHold | undefined, b: SeatHold) =>
  a !== undefined && a.time === b.time && a.partySize === b.partySize && a.holdingMinutes === b.holdingMinutes && a.kind === b.kind;

/** The same seats whatever holding time: a hold keeps the holding time it was made with. */
const sameSeats = (a: SeatHold | undefined, b: SeatHold) =>
  a !== undefined && a.time === b.time && a.partySize === b.partySize && a.kind === b.kind;

const overCapacity = (holds: Record<string, SeatHold>, hold: SeatHold, capacity: number) =>
  peakSeated(
    Object.values(holds).filter((h) => h.bookingId !== hold.bookingId),
    hold.time,
    hold.holdingMinutes,
  ) +
    hold.partySize >
  capacity;

function reconcile(command: Extract<SeatingCommand, { type: 'ReconcileSeats' }>, current: Record<string, SeatHold>): SeatingEvent[] {
  const { date, capacity } = command;
  const wanted = new Map(command.wanted.map((h) => [h.bookingId, h]));
  const holds = { ...current };
  const events: SeatingEvent[] = [];
  // Releases first, so the seats they free count for the reservations after them.
  for (const bookingId of Object.keys(current).sort()) {
    if (wanted.has(bookingId)) continue;
    events.push({ type: 'SeatsReleased', data: { date, bookingId } });
    delete holds[bookingId];
  }
  const missing = [...wanted.values()]
    .filter((h) => !sameSeats(holds[h.bookingId], h))
    .sort((a, b) => a.time.localeCompare(b.time) || a.bookingId.localeCompare(b.bookingId));
  for (const hold of missing) {
    const over = overCapacity(holds, hold, capacity);
    events.push({ type: 'SeatsReserved', data: { date, ...hold, capacity, ...(over ? { overCapacity: true as const } : {}) } });
    holds[hold.bookingId] = hold;
  }
  return events;
}

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
        const over = overCapacity(holds, hold, command.capacity);
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
      case 'ReconcileSeats':
        return reconcile(command, holds);
    }
  },
};
