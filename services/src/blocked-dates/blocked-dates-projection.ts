import { type BlockedDateEvent, type BlockedRangeRef } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

export interface BlockedDateDoc {
  _id: string;
  [key: string]: unknown;
  id: string;
  date: string;
  reason: string;
  /** The range block this date belongs to, if any. */
  range?: BlockedRangeRef;
  createdAt: string;
}

/** blocked_dates read model: one document per currently blocked date, keyed by its date. */
export const blockedDatesProjection = defineProjection<BlockedDateDoc>({
  name: 'blocked_dates',
  handles: ['DateBlocked', 'DateUnblocked'],
  documentIds: (event) => [(event.data as BlockedDateEvent['data']).date],
  evolve: (_doc, event) => {
    const e = { type: event.type, data: event.data } as BlockedDateEvent;
    switch (e.type) {
      case 'DateBlocked':
        return {
          _id: e.data.date,
          id: e.data.blockedDateId,
          date: e.data.date,
          reason: e.data.reason,
          ...(e.data.range ? { range: e.data.range } : {}),
          createdAt: event.metadata.occurredAt,
        };
      case 'DateUnblocked':
        return null;
    }
  },
});
