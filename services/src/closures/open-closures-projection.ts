import type { ClosureEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

export interface OpenClosureDoc {
  _id: string;
  [key: string]: unknown;
  id: string;
  from: string;
  to: string;
  startedAt: string;
}

/**
 * open_closures read model: one document per closure started and not yet completed (or refused). The
 * gateway resumes each at start-up; a finished closure leaves nothing here, so the list stays tiny.
 */
export const openClosuresProjection = defineProjection<OpenClosureDoc>({
  name: 'open_closures',
  handles: ['ClosureStarted', 'ClosureCompleted', 'ClosureRefused'],
  documentIds: (event) => [(event.data as ClosureEvent['data']).closureId],
  evolve: (_doc, event) => {
    const e = { type: event.type, data: event.data } as ClosureEvent;
    switch (e.type) {
      case 'ClosureStarted':
        return { _id: e.data.closureId, id: e.data.closureId, from: e.data.from, to: e.data.to, startedAt: event.metadata.occurredAt };
      case 'ClosureCompleted':
      case 'ClosureRefused':
        return null;
      case 'ClosureDaysClosed':
        return _doc;
    }
  },
});
