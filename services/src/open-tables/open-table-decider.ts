import { hash } from 'node:crypto';
import {
  JOIN_REQUEST_NOT_FOUND,
  OPEN_TABLE_CLOSED,
  OPEN_TABLE_FULL,
  OPEN_TABLE_NOT_FOUND,
  OPEN_TABLE_NOT_LIVE,
  JOIN_ALREADY_PENDING,
  TOO_MANY_JOIN_REQUESTS,
  joinAlreadyMessage,
  normaliseEmail,
  seatsLeftMessage,
  tooManySharedMessage,
  type BookingClosure,
  type JoinStatus,
  type OpenTableEvent,
} from '@cafe/contracts';
import type { Decider } from '../platform/commands/decider.js';
import { Conflict, InvalidCommand, NotFound } from '../platform/commands/domain-errors.js';
import { streamName } from '../platform/event-store/event-store.js';

export const openTableStream = (tableId: string) => streamName('openTable', tableId);

/**
 * A table's public id, derived from its reservation's: one table per reservation (two hosts opening at
 * once land on the same stream), and the public listing never shows a reservation id.
 */
export const tableIdOf = (reservationId: string) =>
  // One-shot hash: no Hash object per call (the open_tables projection asks once per reservation event).
  hash('sha256', `open-table.${reservationId}`, 'base64url').slice(0, 22).replace(/_/g, 'x');

/**
 * A table id from an address, as tableIdOf makes them (22 characters of base64url, '_' as 'x'). Not the
 * routes' general id check: one table id in 64 starts with '-', which that check refuses, and such a
 * table could not be joined, answered or closed by its id.
 */
export function tableIdFrom(param: string): string {
  if (!/^[A-Za-z0-9-]{22}$/.test(param)) throw new NotFound(OPEN_TABLE_NOT_FOUND);
  return param;
}

export interface JoinRequestState {
  partySize: number;
  status: JoinStatus;
  erased: boolean;
  /** As sealed: '' once the joiner is forgotten (their key is gone). */
  email: string;
}

export type OpenTableState =
  | { status: 'none' }
  | {
      status: 'open' | 'closed';
      tableId: string;
      reservationId: string;
      game: string;
      seats: number;
      requests: Record<string, JoinRequestState>;
    };

/** What the handler read of the reservation the table belongs to (its own stream, through reservations' index). */
export interface HostReservation {
  reservationId: string;
  live: boolean;
  date: string;
  time: string;
  partySize: number;
  email: string;
  firstName: string;
}

export type OpenTableCommand =
  | { type: 'OpenTable'; tableId: string; game: string; seats: number; reservation: HostReservation }
  /** `closure`: the café closed the table's day (its joiners are told why). */
  | { type: 'CloseTable'; closure?: BookingClosure }
  | {
      type: 'AskToJoin';
      requestId: string;
      name: string;
      email: string;
      partySize: number;
      reservationLive: boolean;
      /** The reservation's party size now: a guest-link change may have shrunk it since the table opened. */
      hostPartySize: number;
    }
  | { type: 'AcceptJoin'; requestId: string; hostPartySize: number }
  | { type: 'DeclineJoin'; requestId: string }
  | { type: 'EraseJoiner'; requestId: string; guestKey: string };

/** Seats taken by accepted joiners. */
export const seatsTaken = (state: OpenTableState) =>
  state.status === 'none' ? 0 : Object.values(state.requests).reduce((n, r) => n + (r.status === 'accepted' ? r.partySize : 0), 0);

/**
 * Seats still free. The table follows its reservation: with the party's current size given, the shared
 * seats are capped at that size minus the host's own, so a party that shrank takes no more joiners than it
 * can seat (those already accepted stay; the host sorts it out with them).
 */
export const seatsLeft = (state: OpenTableState, hostPartySize = Infinity) =>
  state.status === 'none' ? 0 : Math.max(Math.min(state.seats, hostPartySize - 1) - seatsTaken(state), 0);

/** Pending requests a table holds at most: each one mails the host. */
export const maxPending = (seats: number) => 2 * seats;

type Open = Extract<OpenTableState, { status: 'open' | 'closed' }>;

function existing(state: OpenTableState): Open {
  if (state.status === 'none') throw new NotFound(OPEN_TABLE_NOT_FOUND);
  return state;
}

function pendingRequest(state: Open, requestId: string): JoinRequestState {
  const request = state.requests[requestId];
  if (!request) throw new NotFound(JOIN_REQUEST_NOT_FOUND);
  if (request.status !== 'pending') throw new Conflict(joinAlreadyMessage(request.status));
  return request;
}

/**
 * One open table: its shared seats and the requests to join. Every seat decision is made on this one
 * stream with its expected revision (the pipeline, open-table-commands.ts), so accepted joiners never
 * exceed the shared seats, however many answers race.
 */
export const openTableDecider: Decider<OpenTableState, OpenTableCommand, OpenTableEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'TableOpened': {
        const { tableId, reservationId, game, seats } = event.data;
        return { status: 'open', tableId, reservationId, game, seats, requests: state.status === 'none' ? {} : state.requests };
      }
      case 'OpenTableChanged':
        return state.status === 'none' ? state : { ...state, status: 'open', game: event.data.game, seats: event.data.seats };
      case 'TableClosed':
        return state.status === 'none' ? state : { ...state, status: 'closed' };
      case 'JoinRequested': {
        if (state.status === 'none') return state;
        const { requestId, partySize, email } = event.data;
        return { ...state, requests: { ...state.requests, [requestId]: { partySize, status: 'pending', erased: false, email } } };
      }
      case 'JoinAccepted':
      case 'JoinDeclined':
      case 'JoinerPersonalDataErased': {
        if (state.status === 'none') return state;
        const request = state.requests[event.data.requestId];
        if (!request) return state;
        const next: JoinRequestState =
          event.type === 'JoinerPersonalDataErased'
            ? { ...request, erased: true, email: '' }
            : { ...request, status: event.type === 'JoinAccepted' ? 'accepted' : 'declined' };
        return { ...state, requests: { ...state.requests, [event.data.requestId]: next } };
      }
      default:
        return state;
    }
  },
  decide: (command, state, time) => {
    switch (command.type) {
      case 'OpenTable': {
        const { reservation, game, seats, tableId } = command;
        if (!reservation.live || reservation.date < time.today) throw new Conflict(OPEN_TABLE_NOT_LIVE);
        if (seats > reservation.partySize - 1) throw new InvalidCommand(tooManySharedMessage(reservation.partySize));
        if (state.status === 'none') {
          const { reservationId, date, time: at, email, firstName } = reservation;
          return [
            {
              type: 'TableOpened',
              data: { tableId, reservationId, date, time: at, hostEmail: email, hostFirstName: firstName, game, seats },
            },
          ];
        }
        if (seats < seatsTaken(state)) throw new Conflict(seatsLeftMessage(seats - seatsTaken(state)));
        if (state.status === 'open' && state.game === game && state.seats === seats) return [];
        return [{ type: 'OpenTableChanged', data: { tableId, game, seats } }];
      }
      case 'CloseTable': {
        const table = existing(state);
        if (table.status === 'closed') return [];
        const { tableId } = table;
        const told = Object.entries(table.requests)
          .filter(([, r]) => r.status !== 'declined' && !r.erased)
          .map(([requestId]): OpenTableEvent => ({
            type: 'JoinerToldTableClosed',
            data: { tableId, requestId, ...(command.closure ? { closure: command.closure } : {}) },
          }));
        return [{ type: 'TableClosed', data: { tableId } }, ...told];
      }
      case 'AskToJoin': {
        const table = existing(state);
        if (table.status !== 'open' || !command.reservationLive) throw new Conflict(OPEN_TABLE_CLOSED);
        if (table.requests[command.requestId]) return [];
        const left = seatsLeft(table, command.hostPartySize);
        if (left <= 0) throw new Conflict(OPEN_TABLE_FULL);
        if (command.partySize > left) throw new Conflict(seatsLeftMessage(left));
        const pending = Object.values(table.requests).filter((r) => r.status === 'pending');
        const asker = normaliseEmail(command.email);
        if (pending.some((r) => r.email && normaliseEmail(r.email) === asker)) throw new Conflict(JOIN_ALREADY_PENDING);
        if (pending.length >= maxPending(table.seats)) throw new Conflict(TOO_MANY_JOIN_REQUESTS);
        const { requestId, name, email, partySize } = command;
        return [{ type: 'JoinRequested', data: { tableId: table.tableId, requestId, name, email, partySize } }];
      }
      case 'AcceptJoin': {
        const table = existing(state);
        const request = pendingRequest(table, command.requestId);
        if (table.status !== 'open') throw new Conflict(OPEN_TABLE_CLOSED);
        const left = seatsLeft(table, command.hostPartySize);
        if (request.partySize > left) throw new Conflict(seatsLeftMessage(left));
        return [{ type: 'JoinAccepted', data: { tableId: table.tableId, requestId: command.requestId, partySize: request.partySize } }];
      }
      case 'DeclineJoin': {
        const table = existing(state);
        pendingRequest(table, command.requestId);
        return [{ type: 'JoinDeclined', data: { tableId: table.tableId, requestId: command.requestId } }];
      }
      case 'EraseJoiner': {
        const table = existing(state);
        const request = table.requests[command.requestId];
        if (!request) throw new NotFound(JOIN_REQUEST_NOT_FOUND);
        if (request.erased) return [];
        const { requestId, guestKey } = command;
        return [{ type: 'JoinerPersonalDataErased', data: { tableId: table.tableId, requestId, guestKey } }];
      }
    }
  },
};
