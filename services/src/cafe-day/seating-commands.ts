import type { SeatHold, SeatingEvent } from '@cafe/contracts';
import type { CommandTx, LoadedStream, StreamSpec } from '../platform/commands/command-pipeline.js';
import { seatingDecider, seatingStream, type SeatingCommand, type SeatingState } from './seating-decider.js';
import type { SeatingPolicy } from './business-info-policy.js';

/** What a booking needs of a day's seats: `hold` true counts them against the capacity until released. */
export interface SeatNeed {
  date: string;
  time: string;
  partySize: number;
  hold: boolean;
}

export const sameNeed = (a: SeatNeed | null, b: SeatNeed | null) =>
  a === b || (a !== null && b !== null && a.date === b.date && a.time === b.time && a.partySize === b.partySize && a.hold === b.hold);

/**
 * A day's seats, kept in memory between commands: writers on a busy day decide one after the other on
 * it without reading it again, each append checked against the revision it decided on.
 */
const daySpec = (date: string): StreamSpec<SeatingState, SeatingEvent> => ({
  streamId: seatingStream(date),
  initialState: seatingDecider.initialState,
  evolve: seatingDecider.evolve,
  cached: true,
});

export const loadDay = (tx: CommandTx, date: string): Promise<LoadedStream<SeatingState>> => tx.load(daySpec(date));

/** Decides one command on a day loaded in this command and adds its events to the append. */
function decideOnDay(tx: CommandTx, day: LoadedStream<SeatingState>, command: SeatingCommand): void {
  tx.append(day, seatingDecider.decide(command, day.state, tx.time));
}

/**
 * Held, or only asked for (a pending party, which must fit but holds nothing): the booking is on the
 * day's stream in the same append as its own events, so a closure of the day either lists it or
 * refuses it (DateClosed).
 */
export async function claimSeats(
  tx: CommandTx,
  policy: SeatingPolicy,
  booking: { bookingId: string; kind: 'reservation' | 'party' },
  need: SeatNeed,
  override: boolean,
): Promise<void> {
  const day = await loadDay(tx, need.date);
  const { bookingId, kind } = booking;
  decideOnDay(
    tx,
    day,
    need.hold
      ? {
          type: 'ReserveSeats',
          date: need.date,
          hold: { bookingId, kind, time: need.time, partySize: need.partySize, holdingMinutes: policy.holdingMinutes },
          capacity: policy.capacity,
          override,
        }
      : {
          type: 'RequestSeats',
          date: need.date,
          request: { bookingId, kind, time: need.time, partySize: need.partySize },
          holdingMinutes: policy.holdingMinutes,
          capacity: policy.capacity,
          override,
        },
  );
}

/**
 * An event's seats on a day loaded in this command: `hold` (its places taken, or the seats staff set) or
 * none. More seats than the day has free are refused (FullyBooked); fewer are always given back.
 */
export function settleEventSeats(
  tx: CommandTx,
  day: LoadedStream<SeatingState>,
  date: string,
  eventId: string,
  hold: SeatHold | null,
  capacity: number,
): void {
  decideOnDay(
    tx,
    day,
    hold ? { type: 'ReserveSeats', date, hold, capacity, override: false } : { type: 'ReleaseSeats', date, bookingId: eventId },
  );
}

/** Seats given up (a cancellation, a move to another day). */
export async function releaseSeats(tx: CommandTx, bookingId: string, date: string): Promise<void> {
  decideOnDay(tx, await loadDay(tx, date), { type: 'ReleaseSeats', date, bookingId });
}
