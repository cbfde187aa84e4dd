import { blockedDateMessage, type BlockedDateEvent, type BlockedRangeRef } from '@cafe/contracts';
import { fold } from '../platform/commands/decider.js';
import { DateClosed } from '../platform/commands/domain-errors.js';
import { streamName, type EventStore } from '../platform/event-store/event-store.js';

/**
 * Closed days, as the booking slices and the blocked-dates slice both need them. One stream per
 * calendar date (blockedDate-<yyyy-MM-dd>), so a date is blocked at most once at a time.
 */
export const blockedDateStream = (date: string) => streamName('blockedDate', date);

export type BlockedDateState =
  { status: 'open' } | { status: 'blocked'; blockedDateId: string; date: string; reason: string; range?: BlockedRangeRef };

export const blockedDateEvolution = {
  initialState: (): BlockedDateState => ({ status: 'open' }),
  evolve: (_state: BlockedDateState, event: BlockedDateEvent): BlockedDateState => {
    switch (event.type) {
      case 'DateBlocked':
        return { status: 'blocked', ...event.data };
      case 'DateUnblocked':
        return { status: 'open' };
    }
  },
};

/**
 * Is this date closed, and why? Read from the event store, not a read model, so a block written a
 * moment ago is already seen by the next booking.
 */
export async function closedReason(eventStore: EventStore, date: string): Promise<string | null> {
  const state = fold<BlockedDateState, BlockedDateEvent>(blockedDateEvolution, await eventStore.readStream(blockedDateStream(date)));
  return state.status === 'blocked' ? state.reason : null;
}

export function refuseIfClosed(reason: string | null): void {
  if (reason !== null) throw new DateClosed(blockedDateMessage(reason));
}
