import { describe, it } from 'vitest';
import { projectionSpec } from '../../test/projection-spec.js';
import { blockedDatesProjection } from './blocked-dates-projection.js';

const blocked = {
  stream: 'blockedDate-2026-12-24',
  type: 'DateBlocked',
  data: { blockedDateId: 'b1', date: '2026-12-24', reason: 'Christmas Eve' },
};
const spec = projectionSpec(blockedDatesProjection);

describe('blocked_dates projection', () => {
  it('given nothing, when a date is blocked, then the date is listed with its reason and block id', () => {
    spec.given([]).when(blocked).thenDocument('2026-12-24', { id: 'b1', date: '2026-12-24', reason: 'Christmas Eve' });
  });

  it('given a blocked date, when it is unblocked, then it is no longer listed', () => {
    spec
      .given([blocked])
      .when({ stream: 'blockedDate-2026-12-24', type: 'DateUnblocked', data: { blockedDateId: 'b1', date: '2026-12-24' } })
      .thenNoDocument('2026-12-24');
  });

  it('given an unblocked date, when it is blocked again, then the new block and reason are shown', () => {
    spec
      .given([blocked, { stream: 'blockedDate-2026-12-24', type: 'DateUnblocked', data: { blockedDateId: 'b1', date: '2026-12-24' } }])
      .when({ ...blocked, data: { blockedDateId: 'b2', date: '2026-12-24', reason: 'Inventory' } })
      .thenDocument('2026-12-24', { id: 'b2', reason: 'Inventory' });
  });
});
