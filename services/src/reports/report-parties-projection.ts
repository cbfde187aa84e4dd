import type { PartyBookingEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

/**
 * report_parties: one small document per party request (no personal data): when it was asked for,
 * for which date, and what staff decided. Approval rate and lead time read the requests of a range by
 * `requestedAt`, a few per day.
 */
export interface ReportPartyDoc {
  _id: string;
  [key: string]: unknown;
  /** ISO instant of the request. */
  requestedAt: string;
  date: string;
  decision: 'approved' | 'rejected' | null;
  cancelled: boolean;
}

export const REPORT_PARTIES_BY_REQUEST = { name: 'requested_at', key: { requestedAt: 1, _id: 1 } } as const;

export const reportPartiesProjection = defineProjection<ReportPartyDoc>({
  name: 'report_parties',
  indexes: [REPORT_PARTIES_BY_REQUEST],
  handles: [
    'PartyBookingRequested',
    'PartyBookingDetailsChanged',
    'PartyBookingApproved',
    'PartyBookingRejected',
    'PartyBookingCancelled',
    'PartyBookingChangeDeclined',
  ],
  documentIds: (event) => [(event.data as { partyBookingId: string }).partyBookingId],
  evolve: (doc, event, id) => {
    const e = { type: event.type, data: event.data } as PartyBookingEvent;
    if (e.type === 'PartyBookingRequested') {
      return { _id: id, requestedAt: event.metadata.occurredAt, date: e.data.date, decision: null, cancelled: false };
    }
    if (!doc) return null;
    switch (e.type) {
      case 'PartyBookingDetailsChanged':
        return e.data.date && e.data.date !== doc.date ? { ...doc, date: e.data.date } : doc;
      case 'PartyBookingApproved':
        return { ...doc, decision: 'approved' };
      case 'PartyBookingRejected':
        return { ...doc, decision: 'rejected' };
      case 'PartyBookingCancelled':
        return { ...doc, cancelled: true };
      // A guest's change turned down: the party keeps the day staff approved (its decision stays approved).
      case 'PartyBookingChangeDeclined':
        return { ...doc, date: e.data.restored.date };
      default:
        return doc;
    }
  },
});
