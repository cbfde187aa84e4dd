import { BLOCKED_DATE_NOT_FOUND, formatLongDate, type BlockedDateEvent, type BlockedRangeRef } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { blockedDateEvolution, type BlockedDateState } from '../cafe-day/index.js';

export { blockedDateStream, type BlockedDateState } from '../cafe-day/index.js';

export type BlockedDateCommand =
  /** `range` when the date is closed as one day of a range block. */
  | { type: 'BlockDate'; blockedDateId: string; date: string; reason: string; range?: BlockedRangeRef }
  /**
   * blockedDateId, when given, must be the current block's: an old id must not lift a newer block.
   * rangeId, when given, must be the range the current block came from: unblocking a range leaves a
   * date blocked on its own (or by another range) alone.
   */
  | { type: 'UnblockDate'; date: string; blockedDateId?: string; rangeId?: string };

export const blockedDateDecider: Decider<BlockedDateState, BlockedDateCommand, BlockedDateEvent> = {
  ...blockedDateEvolution,
  decide: (command, state) => {
    switch (command.type) {
      case 'BlockDate':
        if (state.status === 'blocked') {
          throw new Conflict(`${formatLongDate(command.date)} is already blocked: ${state.reason}`);
        }
        return [
          {
            type: 'DateBlocked',
            data: {
              blockedDateId: command.blockedDateId,
              date: command.date,
              reason: command.reason,
              ...(command.range ? { range: command.range } : {}),
            },
          },
        ];
      case 'UnblockDate':
        if (state.status !== 'blocked') throw new NotFound(BLOCKED_DATE_NOT_FOUND);
        if (command.blockedDateId !== undefined && command.blockedDateId !== state.blockedDateId) {
          throw new NotFound(BLOCKED_DATE_NOT_FOUND);
        }
        if (command.rangeId !== undefined && command.rangeId !== state.range?.id) throw new NotFound(BLOCKED_DATE_NOT_FOUND);
        return [{ type: 'DateUnblocked', data: { blockedDateId: state.blockedDateId, date: state.date } }];
    }
  },
};
