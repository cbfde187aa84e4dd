import { defineProjection } from '../platform/projections/projection.js';
import { kindDocId } from '../platform/projections/kind-doc-id.js';

/** Arrival events (contracts/src/arrivals.ts), named here so the reports read only what they count. */
const ARRIVAL_MARKED = ['ReservationArrivalMarked', 'PartyBookingArrivalMarked'];

/**
 * report_arrivals: each booking's date, time, size and last arrival status. The arrival event sits on
 * the booking's stream without the date, so this read model follows the booking's date itself; the
 * no-show rate asks it for the no-shows of a range only (index status, date), never for every booking.
 */
export interface ReportArrivalDoc {
  _id: string;
  [key: string]: unknown;
  bookingId: string;
  date: string;
  time: string;
  size: number;
  status: string;
}

export const REPORT_ARRIVALS_BY_STATUS = { name: 'status_date', key: { status: 1, date: 1, _id: 1 } } as const;

type Details = { reservationId?: string; partyBookingId?: string; date?: string; time?: string; partySize?: number; status?: string };

export const reportArrivalsProjection = defineProjection<ReportArrivalDoc>({
  name: 'report_arrivals',
  onDisk: true,
  indexes: [REPORT_ARRIVALS_BY_STATUS],
  handles: [
    'ReservationRequested',
    'ReservationChanged',
    'ReservationCancelled',
    'PartyBookingRequested',
    'PartyBookingDetailsChanged',
    'PartyBookingCancelled',
    ...ARRIVAL_MARKED,
  ],
  documentIds: (event) => {
    const d = event.data as Details;
    return [d.reservationId !== undefined ? kindDocId('reservation', d.reservationId) : kindDocId('party', d.partyBookingId!)];
  },
  evolve: (doc, event, id) => {
    const d = event.data as Details;
    switch (event.type) {
      case 'ReservationRequested':
      case 'PartyBookingRequested':
        return {
          _id: id,
          bookingId: (d.reservationId ?? d.partyBookingId)!,
          date: d.date!,
          time: d.time!,
          size: d.partySize!,
          status: 'expected',
        };
      case 'ReservationCancelled':
      case 'PartyBookingCancelled':
        return null;
      default: {
        if (!doc) return null;
        if (ARRIVAL_MARKED.includes(event.type)) return d.status ? { ...doc, status: d.status } : doc;
        // Set on one copy: a spread per changed field was three objects per change of a replay.
        const next = { ...doc };
        if (d.date !== undefined) next.date = d.date;
        if (d.time !== undefined) next.time = d.time;
        if (d.partySize !== undefined) next.size = d.partySize;
        return next;
      }
    }
  },
});
