import { defineProjection } from '../platform/projections/projection.js';

/**
 * report_bookings_made: bookings requested per UTC hour ('2026-11-26T14'), whatever became of them.
 * Projections know no time zone (the café's is configuration), so the hour is UTC and the report folds
 * the hours into café dates; at most 24 documents a day.
 */
export interface BookingsMadeDoc {
  _id: string;
  [key: string]: unknown;
  reservations: number;
  parties: number;
}

/** '2026-11-26T14' for '2026-11-26T14:05:00.000Z'. */
export const utcHourOf = (iso: string) => iso.slice(0, 13);

export const reportBookingsMadeProjection = defineProjection<BookingsMadeDoc>({
  name: 'report_bookings_made',
  handles: ['ReservationRequested', 'PartyBookingRequested'],
  documentIds: (event) => [utcHourOf(event.metadata.occurredAt)],
  // The engine applies each event to a document once (its position is kept on the document), so counting is safe.
  evolve: (doc, event, id) => ({
    _id: id,
    reservations: (doc?.reservations ?? 0) + (event.type === 'ReservationRequested' ? 1 : 0),
    parties: (doc?.parties ?? 0) + (event.type === 'PartyBookingRequested' ? 1 : 0),
  }),
});
