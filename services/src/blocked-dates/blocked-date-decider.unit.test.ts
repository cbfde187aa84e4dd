import { describe, it } from 'vitest';
import type { BlockedDateEvent } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { blockedDateDecider } from './blocked-date-decider.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';

const spec = deciderSpec(blockedDateDecider, WEDNESDAY);
const blocked = (id = 'b1', reason = 'Thanksgiving'): BlockedDateEvent => ({
  type: 'DateBlocked',
  data: { blockedDateId: id, date: '2026-11-26', reason },
});
const unblocked = (id = 'b1'): BlockedDateEvent => ({ type: 'DateUnblocked', data: { blockedDateId: id, date: '2026-11-26' } });

describe('blocked date decider', () => {
  it('given an open date, when blocked, then DateBlocked', () => {
    spec.given([]).when({ type: 'BlockDate', blockedDateId: 'b1', date: '2026-11-26', reason: 'Thanksgiving' }).then([blocked()]);
  });
  it('given a blocked date, when blocked again, then 409 (one block per date)', () => {
    spec
      .given([blocked()])
      .when({ type: 'BlockDate', blockedDateId: 'b2', date: '2026-11-26', reason: 'Again' })
      .thenThrows(Conflict, 'Thursday, November 26, 2026 is already blocked: Thanksgiving');
  });
  it('given a blocked date, when unblocked (by date or by its id), then DateUnblocked', () => {
    spec.given([blocked()]).when({ type: 'UnblockDate', date: '2026-11-26' }).then([unblocked()]);
    spec.given([blocked()]).when({ type: 'UnblockDate', date: '2026-11-26', blockedDateId: 'b1' }).then([unblocked()]);
  });
  it('given an open date, or an old id after a re-block, when unblocked, then 404', () => {
    spec.given([]).when({ type: 'UnblockDate', date: '2026-11-26' }).thenThrows(NotFound, 'That date is not blocked');
    spec
      .given([blocked('b1'), unblocked('b1'), blocked('b2', 'Flood')])
      .when({ type: 'UnblockDate', date: '2026-11-26', blockedDateId: 'b1' })
      .thenThrows(NotFound, 'That date is not blocked');
  });
  it('given a date unblocked, when blocked again, then DateBlocked with the new reason', () => {
    spec
      .given([blocked(), unblocked()])
      .when({ type: 'BlockDate', blockedDateId: 'b2', date: '2026-11-26', reason: 'Flood' })
      .then([blocked('b2', 'Flood')]);
  });
});
