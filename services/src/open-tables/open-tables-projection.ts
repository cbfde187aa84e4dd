import { OPEN_TABLE_EVENT_TYPES, PERSONAL_DATA_ERASED, type JoinStatus, type OpenTableEvent } from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import { tableIdOf } from './open-table-decider.js';

export interface JoinRequestDoc {
  id: string;
  name: string;
  email: string;
  partySize: number;
  status: JoinStatus;
  requestedAt: string;
}

/**
 * open_tables: one document per table with what the public listing, the host's page and staff need.
 * The reservation's own events keep its date and time current, hide the table once the reservation is
 * cancelled or its guests did not come, and blank the host's first name when the host is forgotten; a
 * joiner's erasure blanks their name and e-mail and keeps their seats.
 */
export interface OpenTableDoc {
  _id: string;
  [key: string]: unknown;
  tableId: string;
  reservationId: string;
  date: string;
  time: string;
  hostFirstName: string;
  game: string;
  seats: number;
  seatsTaken: number;
  open: boolean;
  /** The reservation holds its table (not cancelled, not a no-show). */
  reservationLive: boolean;
  requests: JoinRequestDoc[];
  /** The reservation's party size once it changed after opening; its shared seats never exceed it minus the host. */
  hostPartySize?: number;
}

/** Seats a visitor can still ask for: the shared seats, capped by the party's current size, less those accepted. */
export const openSeatsLeft = (doc: Pick<OpenTableDoc, 'seats' | 'seatsTaken' | 'hostPartySize'>) =>
  Math.max(Math.min(doc.seats, (doc.hostPartySize ?? Infinity) - 1) - doc.seatsTaken, 0);

export const BY_DATE_INDEX = { name: 'date', key: { date: 1, _id: 1 } } as const;

const RESERVATION_TYPES = ['ReservationChanged', 'ReservationCancelled', 'ReservationPersonalDataErased', 'ReservationArrivalMarked'];
/** What a table's stream says, but the mails to its joiners once it closed (they change nothing shown). */
const TABLE_TYPES: readonly string[] = OPEN_TABLE_EVENT_TYPES.filter((type) => type !== 'JoinerToldTableClosed');

const taken = (requests: JoinRequestDoc[]) => requests.reduce((n, r) => n + (r.status === 'accepted' ? r.partySize : 0), 0);

export const openTablesProjection = defineProjection<OpenTableDoc>({
  name: 'open_tables',
  indexes: [BY_DATE_INDEX],
  handles: [...TABLE_TYPES, ...RESERVATION_TYPES],
  documentIds: (event) => {
    const data = event.data as { tableId?: string; reservationId?: string };
    if (data.tableId) return [data.tableId];
    return data.reservationId ? [tableIdOf(data.reservationId)] : [];
  },
  evolve: (doc, recorded, docId) => {
    if (recorded.type === 'TableOpened') {
      const { tableId, reservationId, date, time, hostFirstName, game, seats } = (
        recorded as unknown as OpenTableEvent & { type: 'TableOpened' }
      ).data;
      return {
        _id: docId,
        tableId,
        reservationId,
        date,
        time,
        hostFirstName,
        game,
        seats,
        seatsTaken: 0,
        open: true,
        reservationLive: true,
        requests: [],
      };
    }
    if (!doc) return null;
    if (RESERVATION_TYPES.includes(recorded.type)) {
      const data = recorded.data as { date?: string; time?: string; status?: string; partySize?: number };
      switch (recorded.type) {
        case 'ReservationChanged':
          return {
            ...doc,
            date: data.date ?? doc.date,
            time: data.time ?? doc.time,
            hostPartySize: data.partySize ?? doc.hostPartySize,
          };
        case 'ReservationCancelled':
          return { ...doc, reservationLive: false };
        case 'ReservationArrivalMarked':
          return { ...doc, reservationLive: data.status !== 'no-show' };
        default:
          return { ...doc, hostFirstName: '' };
      }
    }
    const event = recorded as unknown as OpenTableEvent;
    const withRequests = (requests: JoinRequestDoc[]) => ({ ...doc, requests, seatsTaken: taken(requests) });
    const update = (id: string, change: Partial<JoinRequestDoc>) =>
      withRequests(doc.requests.map((r) => (r.id === id ? { ...r, ...change } : r)));
    switch (event.type) {
      case 'OpenTableChanged':
        return { ...doc, game: event.data.game, seats: event.data.seats, open: true };
      case 'TableClosed':
        return { ...doc, open: false };
      case 'JoinRequested': {
        const { requestId, name, email, partySize } = event.data;
        if (doc.requests.some((r) => r.id === requestId)) return doc;
        const request: JoinRequestDoc = {
          id: requestId,
          name,
          email,
          partySize,
          status: 'pending',
          requestedAt: recorded.metadata.occurredAt,
        };
        return withRequests([...doc.requests, request]);
      }
      case 'JoinAccepted':
        return update(event.data.requestId, { status: 'accepted' });
      case 'JoinDeclined':
        return update(event.data.requestId, { status: 'declined' });
      case 'JoinerPersonalDataErased':
        return update(event.data.requestId, { name: PERSONAL_DATA_ERASED, email: '' });
      default:
        return doc;
    }
  },
});
