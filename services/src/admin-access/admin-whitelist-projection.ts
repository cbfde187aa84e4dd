import type { AdminAccessEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

export interface AdminWhitelistDoc {
  _id: string;
  [key: string]: unknown;
  id: string;
  email: string;
  createdAt: string;
}

/** admin_whitelist read model: one document per authorized e-mail, keyed by the lower-cased e-mail. */
export const adminWhitelistProjection = defineProjection<AdminWhitelistDoc>({
  name: 'admin_whitelist',
  handles: ['AdminEmailAuthorized', 'AdminEmailRevoked'],
  documentIds: (event) => [(event.data as AdminAccessEvent['data']).email],
  evolve: (_doc, event) => {
    const e = { type: event.type, data: event.data } as AdminAccessEvent;
    switch (e.type) {
      case 'AdminEmailAuthorized':
        return { _id: e.data.email, id: e.data.entryId, email: e.data.email, createdAt: event.metadata.occurredAt };
      case 'AdminEmailRevoked':
        return null;
    }
  },
});
