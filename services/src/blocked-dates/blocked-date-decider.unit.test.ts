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

describe('blocked date decider: a date closed as part of a range', () => {
  const range = { id: 'range-1', from: '2026-11-25', to: '2026-11-27' };
  const inRange: BlockedDateEvent = {
    type: 'DateBlocked',
    data: { blockedDateId: 'b3', date: '2026-11-26', reason: 'Holiday break', range },
  };
  it('given an open date, when blocked for a range, then DateBlocked names the range', () => {
    spec.given([]).when({ type: 'BlockDate', blockedDateId: 'b3', date: '2026-11-26', reason: 'Holiday break', range }).then([inRange]);
  });
  it('given a date blocked on its own, when blocked for a range, then 409 with its own reason (the range skips it)', () => {
    spec
      .given([blocked()])
      .when({ type: 'BlockDate', blockedDateId: 'b3', date: '2026-11-26', reason: 'Holiday break', range })
      .thenThrows(Conflict, 'Thursday, November 26, 2026 is already blocked: Thanksgiving');
  });
  it('given a date blocked by the range, when the range is unblocked, then DateUnblocked', () => {
    spec
      .given([inRange])
      .when({ type: 'UnblockDate', date: '2026-11-26', rangeId: 'range-1' })
      .then([{ type: 'DateUnblocked', data: { blockedDateId: 'b3', date: '2026-11-26' } }]);
  });
  it('given a date blocked on its own or by another range, when a range is unblocked, then 404 and it stays closed', () => {
    spec
      .given([blocked()])
      .when({ type: 'UnblockDate', date: '2026-11-26', rangeId: 'range-1' })
      .thenThrows(NotFound, 'That date is not blocked');
    spec
      .given([inRange])
      .when({ type: 'UnblockDate', date: '2026-11-26', rangeId: 'range-2' })
      .thenThrows(NotFound, 'That date is not blocked');
  });
  it('given a date of a range, when that one day is unblocked by its id, then DateUnblocked (the rest of the range stays)', () => {
    spec
      .given([inRange])
      .when({ type: 'UnblockDate', date: '2026-11-26', blockedDateId: 'b3' })
      .then([{ type: 'DateUnblocked', data: { blockedDateId: 'b3', date: '2026-11-26' } }]);
  });
});
