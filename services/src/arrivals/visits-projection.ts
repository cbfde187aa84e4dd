import {
  actorLabel,
  bookingOf,
  normaliseEmail,
  tableMoveText,
  ARRIVAL_EVENT_TYPES,
  ARRIVAL_LABELS,
  BOOKING_EVENT_TYPES,
  type ArrivalMarkedData,
  type ArrivalStatus,
  type BookingHistory,
  type SeatingEvent,
} from '@cafe/contracts';
import { defineProjection } from '../platform/projections/projection.js';
import { kindDocId } from '../platform/projections/kind-doc-id.js';

/** One arrival change as the booking's History shows it (historyEntrySchema), less the café-time `when` the route adds. */
export type ArrivalEntryDoc = Omit<BookingHistory['events'][number], 'when'>;

/**
 * booking_visits: one document per booking (reservation or party) with what a staff member's day and
 * a guest's record need: the guest's e-mail (normalised; blanked when the guest is forgotten), the
 * day, time and size, whether it is live, whether its guests came, and the arrival changes.
 */
export interface VisitDoc {
  _id: string;
  [key: string]: unknown;
  kind: 'reservation' | 'party';
  id: string;
  email: string;
  date: string;
  time: string;
  partySize: number;
  /** live: holds its table; pending/rejected: a party not (yet) approved; cancelled: gone. */
  state: 'live' | 'pending' | 'rejected' | 'cancelled';
  arrival: ArrivalStatus;
  walkIn: boolean;
  entries: ArrivalEntryDoc[];
  /** Staff's table moves, oldest first ('Table: 4 → 7'): the day sheet lists them. Absent before the first. */
  tableMoves?: string[];
}

export const visitDocId = (kind: VisitDoc['kind'], id: string) => kindDocId(kind, id);

export const BY_EMAIL_INDEX = { name: 'email', key: { email: 1, _id: 1 } } as const;
export const BY_DAY_INDEX = { name: 'date', key: { date: 1, _id: 1 } } as const;

type Data = Record<string, unknown> & Partial<{ email: string; date: string; time: string; partySize: number }>;

export const visitsProjection = defineProjection<VisitDoc>({
  name: 'booking_visits',
  onDisk: true,
  indexes: [BY_EMAIL_INDEX, BY_DAY_INDEX],
  handles: [...BOOKING_EVENT_TYPES, ...ARRIVAL_EVENT_TYPES, 'TablesAssigned'],
  documentIds: (event) => {
    // On the day's stream, which names the holder but not its kind: whichever booking it is (an event's is neither).
    if (event.type === 'TablesAssigned') {
      const { bookingId } = event.data as { bookingId: string };
      return [visitDocId('reservation', bookingId), visitDocId('party', bookingId)];
    }
    const { kind, id } = bookingOf(event);
    return [visitDocId(kind, id)];
  },
  evolve: (doc, event, docId) => {
    const data = event.data as Data;
    switch (event.type) {
      case 'ReservationRequested':
      case 'PartyBookingRequested': {
        const { kind, id } = bookingOf(event);
        return {
          _id: docId,
          kind,
          id,
          email: normaliseEmail(data.email ?? ''),
          date: data.date!,
          time: data.time!,
          partySize: data.partySize!,
          state: kind === 'party' ? 'pending' : 'live',
          arrival: 'expected',
          walkIn: false,
          entries: [],
        };
      }
    }
    if (!doc) return null;
    switch (event.type) {
      case 'ReservationChanged':
      case 'PartyBookingDetailsChanged': {
        const next = { ...doc };
        if (data.email !== undefined) next.email = normaliseEmail(data.email);
        if (data.date !== undefined) next.date = data.date;
        if (data.time !== undefined) next.time = data.time;
        if (data.partySize !== undefined) next.partySize = data.partySize;
        return next;
      }
      case 'PartyBookingApproved':
        return { ...doc, state: 'live' };
      case 'PartyBookingRejected':
        return { ...doc, state: 'rejected' };
      // A guest's larger or moved approved party waits for staff again; turned down, it is approved as it was.
      case 'PartyBookingReturnedToPending':
        return { ...doc, state: 'pending' };
      case 'PartyBookingChangeDeclined': {
        const { date, time, partySize } = (data as { restored: { date: string; time: string; partySize: number } }).restored;
        return { ...doc, date, time, partySize, state: 'live' };
      }
      case 'ReservationCancelled':
      case 'PartyBookingCancelled':
        return { ...doc, state: 'cancelled' };
      // Forgotten: the record can no longer be found by the guest's address.
      case 'ReservationPersonalDataErased':
      case 'PartyBookingPersonalDataErased':
        return { ...doc, email: '' };
      // Staff moved it: the day sheet lists the move (a floor placing it is no move).
      case 'TablesAssigned': {
        const { by, from, tables } = (event as unknown as Extract<SeatingEvent, { type: 'TablesAssigned' }>).data;
        if (by !== 'staff') return doc;
        return { ...doc, tableMoves: [...(doc.tableMoves ?? []), tableMoveText(from, tables)] };
      }
      case 'ReservationArrivalMarked':
      case 'PartyBookingArrivalMarked': {
        const marked = event.data as ArrivalMarkedData;
        const version = Number(event.revision);
        if (doc.entries.some((e) => e.version === version)) return doc;
        const entry: ArrivalEntryDoc = {
          version,
          type: event.type,
          what: marked.walkIn ? 'Walk-in seated' : `Marked ${ARRIVAL_LABELS[marked.status].toLowerCase()}`,
          at: event.metadata.occurredAt,
          by: actorLabel(event.metadata.actor),
          actorKind: event.metadata.actor.kind,
          changes: [{ field: 'arrival', from: ARRIVAL_LABELS[marked.from], to: ARRIVAL_LABELS[marked.status] }],
          notes: null,
          correlationId: event.metadata.correlationId,
        };
        return { ...doc, arrival: marked.status, walkIn: doc.walkIn || Boolean(marked.walkIn), entries: [...doc.entries, entry] };
      }
      default:
        return doc;
    }
  },
});
