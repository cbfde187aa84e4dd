import { ARRIVAL_EVENT_TYPES, BOOKING_EVENT_TYPES, PERSONAL_DATA_ERASED, type ArrivalStatus } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

/**
 * floor_guests: what the host's view names on a table, per holder id (a booking's or an event's): the
 * guest's name (blanked when the guest is forgotten) and whether they came (arrivals, on the booking's
 * stream), or the event's title. Read from the events themselves, so the floor imports no booking slice.
 */
export interface FloorGuestDoc {
  _id: string;
  [key: string]: unknown;
  name: string;
  arrival?: ArrivalStatus;
}

const EVENT_TITLES = ['CafeEventScheduled', 'CafeEventUpdated'] as const;
type Data = { reservationId?: string; partyBookingId?: string; eventId?: string; name?: string; title?: string; status?: ArrivalStatus };

export const floorGuestsProjection = defineProjection<FloorGuestDoc>({
  name: 'floor_guests',
  // One per booking: kept on disk, read a day's holders at a time.
  onDisk: true,
  handles: [...BOOKING_EVENT_TYPES, ...ARRIVAL_EVENT_TYPES, ...EVENT_TITLES],
  documentIds: (event) => {
    const d = event.data as Data;
    const id = d.reservationId ?? d.partyBookingId ?? d.eventId;
    return id ? [id] : [];
  },
  evolve: (doc, event, id) => {
    const d = event.data as Data;
    if (event.type.endsWith('PersonalDataErased')) return doc && { ...doc, name: PERSONAL_DATA_ERASED };
    if (event.type.endsWith('ArrivalMarked')) return doc && d.status ? { ...doc, arrival: d.status } : doc;
    const name = d.name ?? d.title;
    if (name === undefined) return doc;
    return { ...doc, _id: id, name };
  },
});
