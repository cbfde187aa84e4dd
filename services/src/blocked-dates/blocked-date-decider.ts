import { blockedDateMessage, formatLongDate, type BlockedDateEvent } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { ConflictError, NotFoundError } from '../platform/errors.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { streamName } from '../platform/event-store/event-store.js';

/** One stream per calendar date: blockedDate-<yyyy-MM-dd>. A date is blocked at most once at a time. */
export const blockedDateStream = (date: string) => streamName('blockedDate', date);

export type { BlockedDateEvent };

export const BLOCKED_DATE_NOT_FOUND = 'That date is not blocked';

export type BlockedDateState =
  | { status: 'open' }
  | { status: 'blocked'; blockedDateId: string; date: string; reason: string };

export type BlockedDateCommand =
  | { type: 'BlockDate'; blockedDateId: string; date: string; reason: string }
  /** blockedDateId, when given, must be the current block's: an old id must not lift a newer block. */
  | { type: 'UnblockDate'; date: string; blockedDateId?: string };

export const blockedDateDecider: Decider<BlockedDateState, BlockedDateCommand, BlockedDateEvent> = {
  initialState: () => ({ status: 'open' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'DateBlocked':
        return { status: 'blocked', ...event.data };
      case 'DateUnblocked':
        return { status: 'open' };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'BlockDate':
        if (state.status === 'blocked') {
          throw new ConflictError(`${formatLongDate(command.date)} is already blocked: ${state.reason}`);
        }
        return [
          { type: 'DateBlocked', data: { blockedDateId: command.blockedDateId, date: command.date, reason: command.reason } },
        ];
      case 'UnblockDate':
        if (state.status !== 'blocked') throw new NotFoundError(BLOCKED_DATE_NOT_FOUND);
        if (command.blockedDateId !== undefined && command.blockedDateId !== state.blockedDateId) {
          throw new NotFoundError(BLOCKED_DATE_NOT_FOUND);
        }
        return [{ type: 'DateUnblocked', data: { blockedDateId: state.blockedDateId, date: state.date } }];
    }
  },
};

/**
 * The cross-stream rule bookings need: is this date closed? Read from the event store, not a read
 * model, so a block written a moment ago is already seen.
 */
export async function closedReason(eventStore: EventStore, date: string): Promise<string | null> {
  const events = await eventStore.readStream(blockedDateStream(date));
  const state = events.reduce(
    (s, e) => blockedDateDecider.evolve(s, { type: e.type, data: e.data } as BlockedDateEvent),
    blockedDateDecider.initialState(),
  );
  return state.status === 'blocked' ? state.reason : null;
}

export function refuseIfClosed(reason: string | null): void {
  if (reason !== null) throw new ConflictError(blockedDateMessage(reason));
}
