import { PERSONAL_DATA_ERASED, QUEUE_PARTY_NOT_FOUND, type QUEUE_STATUSES } from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';

/**
 * Today's door queue on `doorQueue-<date>`: parties come in order, are told their table is ready (held a
 * while), sit down (a walk-in booking at a table) or leave. One stream per day, so the order and every
 * party's state are one decision.
 */
export const doorQueueStream = (date: string) => `doorQueue-${date}`;

export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** The party's contact and note are personal data (sealed per guest: contracts' PERSONAL_DATA_EVENTS). */
export interface PartyQueuedData {
  date: string;
  partyId: string;
  name: string;
  /** '' when they gave none: the seal then takes the stream's own key, never another guest's. */
  email: string;
  phone: string;
  note: string;
  partySize: number;
  quotedMinutes: number;
  /** ISO instant. */
  at: string;
}

export type DoorQueueEvent =
  | { type: 'PartyQueued'; data: PartyQueuedData }
  | {
      type: 'TableReadySent';
      data: { date: string; partyId: string; readyUntil: string; holdMinutes: number; tables: string[]; at: string };
    }
  | { type: 'PartySeated'; data: { date: string; partyId: string; bookingId: string; tables: string[]; at: string } }
  | { type: 'PartyGone'; data: { date: string; partyId: string; at: string } }
  /** forget: the party's contact is erased (their key is gone); size, times and status stay. */
  | { type: 'DoorQueuePersonalDataErased'; data: { date: string; partyId: string; guestKey: string } };

export const DOOR_QUEUE_EVENT_TYPES = ['PartyQueued', 'TableReadySent', 'PartySeated', 'PartyGone', 'DoorQueuePersonalDataErased'] as const;

export interface QueuedParty {
  partySize: number;
  status: QueueStatus;
  name: string;
  email: string;
  phone: string;
  erased: boolean;
}

export interface DoorQueueState {
  /** In the order they came. */
  parties: Map<string, QueuedParty>;
}

export type DoorQueueCommand =
  | ({ type: 'QueueParty' } & Omit<PartyQueuedData, 'at'>)
  | { type: 'SendTableReady'; date: string; partyId: string; holdMinutes: number; tables: string[] }
  | { type: 'SeatParty'; date: string; partyId: string; bookingId: string; tables: string[] }
  | { type: 'MarkGone'; date: string; partyId: string }
  | { type: 'EraseForgotten'; date: string; guestKey: string };

const open = (party: QueuedParty | undefined): party is QueuedParty => !!party && (party.status === 'waiting' || party.status === 'ready');

function partyIn(state: DoorQueueState, partyId: string): QueuedParty {
  const party = state.parties.get(partyId);
  if (!open(party)) throw new NotFound(QUEUE_PARTY_NOT_FOUND);
  return party;
}

const withParty = (state: DoorQueueState, partyId: string, change: Partial<QueuedParty>): DoorQueueState => {
  const party = state.parties.get(partyId);
  if (!party) return state;
  const parties = new Map(state.parties);
  parties.set(partyId, { ...party, ...change });
  return { parties };
};

export const doorQueueDecider: Decider<DoorQueueState, DoorQueueCommand, DoorQueueEvent> = {
  initialState: () => ({ parties: new Map() }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'PartyQueued': {
        const { partyId, partySize, name, email, phone } = event.data;
        const parties = new Map(state.parties);
        // A key gone reads the fields erased: such a party is one forget has still to record.
        parties.set(partyId, { partySize, status: 'waiting', name, email, phone, erased: false });
        return { parties };
      }
      case 'TableReadySent':
        return withParty(state, event.data.partyId, { status: 'ready' });
      case 'PartySeated':
        return withParty(state, event.data.partyId, { status: 'seated' });
      case 'PartyGone':
        return withParty(state, event.data.partyId, { status: 'gone' });
      case 'DoorQueuePersonalDataErased':
        return withParty(state, event.data.partyId, { erased: true, name: PERSONAL_DATA_ERASED, email: '', phone: '' });
    }
  },
  decide: (command, state, { now }) => {
    const at = now.toISOString();
    switch (command.type) {
      case 'QueueParty': {
        if (state.parties.has(command.partyId)) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'PartyQueued', data: { ...data, at } }];
      }
      case 'SendTableReady': {
        partyIn(state, command.partyId);
        const readyUntil = new Date(now.getTime() + command.holdMinutes * 60_000).toISOString();
        const { date, partyId, holdMinutes, tables } = command;
        return [{ type: 'TableReadySent', data: { date, partyId, readyUntil, holdMinutes, tables, at } }];
      }
      case 'SeatParty': {
        const party = state.parties.get(command.partyId);
        // Seated again with the same booking (a retry after the walk-in was booked): nothing more to record.
        if (party?.status === 'seated') return [];
        partyIn(state, command.partyId);
        const { date, partyId, bookingId, tables } = command;
        return [{ type: 'PartySeated', data: { date, partyId, bookingId, tables, at } }];
      }
      case 'MarkGone': {
        const party = state.parties.get(command.partyId);
        if (party?.status === 'seated') throw new Conflict(QUEUE_PARTY_NOT_FOUND);
        partyIn(state, command.partyId);
        return [{ type: 'PartyGone', data: { date: command.date, partyId: command.partyId, at } }];
      }
      case 'EraseForgotten':
        // Every party whose key is gone (its name reads erased) and whose erasure is not recorded yet.
        return [...state.parties]
          .filter(([, p]) => !p.erased && p.name === PERSONAL_DATA_ERASED)
          .map(([partyId]) => ({ type: 'DoorQueuePersonalDataErased', data: { date: command.date, partyId, guestKey: command.guestKey } }));
    }
  },
};
