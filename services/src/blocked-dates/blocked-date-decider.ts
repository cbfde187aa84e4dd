import { BLOCKED_DATE_NOT_FOUND, formatLongDate, type BlockedDateEvent } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { blockedDateEvolution, type BlockedDateState } from '../bookings/closed-dates.js';

export { blockedDateStream, type BlockedDateState } from '../bookings/closed-dates.js';

export type BlockedDateCommand =
  | { type: 'BlockDate'; blockedDateId: string; date: string; reason: string }
  /** blockedDateId, when given, must be the current block's: an old id must not lift a newer block. */
  | { type: 'UnblockDate'; date: string; blockedDateId?: string };

export const blockedDateDecider: Decider<BlockedDateState, BlockedDateCommand, BlockedDateEvent> = {
  ...blockedDateEvolution,
  decide: (command, state) => {
    switch (command.type) {
      case 'BlockDate':
        if (state.status === 'blocked') {
          throw new Conflict(`${formatLongDate(command.date)} is already blocked: ${state.reason}`);
        }
        return [{ type: 'DateBlocked', data: { blockedDateId: command.blockedDateId, date: command.date, reason: command.reason } }];
      case 'UnblockDate':
        if (state.status !== 'blocked') throw new NotFound(BLOCKED_DATE_NOT_FOUND);
        if (command.blockedDateId !== undefined && command.blockedDateId !== state.blockedDateId) {
          throw new NotFound(BLOCKED_DATE_NOT_FOUND);
        }
        return [{ type: 'DateUnblocked', data: { blockedDateId: state.blockedDateId, date: state.date } }];
    }
  },
};
