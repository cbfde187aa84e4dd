import type { ReservationDetails } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';

/**
 * reservation_games: one document per reservation with what the games warning needs (day, time, size,
 * the games asked for, "teach us", whether it holds its table). Kept for every reservation, so an edit
 * that adds games later knows the booking's day. Nothing personal.
 */
export interface ReservationGamesDoc {
  _id: string;
  [key: string]: unknown;
  id: string;
  date: string;
  time: string;
  partySize: number;
  games: string[];
  teachUs: boolean;
  live: boolean;
}

export const BY_DATE_INDEX = { name: 'date', key: { date: 1, _id: 1 } } as const;

type Data = Partial<ReservationDetails> & { reservationId: string; status?: string };

export const reservationGamesProjection = defineProjection<ReservationGamesDoc>({
  name: 'reservation_games',
  onDisk: true,
  indexes: [BY_DATE_INDEX],
  handles: ['ReservationRequested', 'ReservationChanged', 'ReservationCancelled', 'ReservationArrivalMarked'],
  documentIds: (event) => [(event.data as Data).reservationId],
  evolve: (doc, event, id) => {
    const data = event.data as Data;
    if (event.type === 'ReservationRequested') {
      return {
        _id: id,
        id,
        date: data.date!,
        time: data.time!,
        partySize: data.partySize!,
        games: data.games ?? [],
        teachUs: data.teachUs ?? false,
        live: true,
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'ReservationChanged':
        return {
          ...doc,
          date: data.date ?? doc.date,
          time: data.time ?? doc.time,
          partySize: data.partySize ?? doc.partySize,
          games: data.games ?? doc.games,
          teachUs: data.teachUs ?? doc.teachUs,
        };
      case 'ReservationCancelled':
        return { ...doc, live: false };
      // A no-show's games are back on the shelf; marked back, they are asked for again.
      case 'ReservationArrivalMarked':
        return { ...doc, live: data.status !== 'no-show' };
      default:
        return doc;
    }
  },
});
