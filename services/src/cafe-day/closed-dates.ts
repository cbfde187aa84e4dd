import { blockedDateMessage, type BlockedDateEvent, type BlockedRangeRef } from '@cafe/contracts';
import type { CommandTx } from '../platform/commands/command-pipeline.js';
import { DateClosed } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';

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
 * Is this date closed, and why, for a command: kept in memory and required unchanged at the append,
 * so a block written a moment ago is already seen by the next booking. The early answer only: the
 * day's seating stream (DayClosed) is the authority.
 */
export async function closedReason(tx: CommandTx, date: string): Promise<string | null> {
  const blocked = await tx.load({ streamId: blockedDateStream(date), ...blockedDateEvolution, cached: true, turns: false });
  tx.require(blocked);
  return blocked.state.status === 'blocked' ? blocked.state.reason : null;
}

export function refuseIfClosed(reason: string | null): void {
  if (reason !== null) throw new DateClosed(blockedDateMessage(reason));
}
