import { type CafeEventData, type CafeEventEvent } from '@cafe/contracts';
import { contentProjection, type ContentDocMeta } from '../platform/projections/content-projection.js';

export interface CafeEventDoc extends CafeEventData, ContentDocMeta {}

/** events read model: scheduled café events; a removed one leaves. */
export const cafeEventsProjection = contentProjection<CafeEventDoc, CafeEventEvent>({
  name: 'cafe_events',
  idField: 'eventId',
  created: 'CafeEventScheduled',
  updated: 'CafeEventUpdated',
  removed: 'CafeEventRemoved',
});
