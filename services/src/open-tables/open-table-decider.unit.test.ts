import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  JOIN_REQUEST_NOT_FOUND,
  OPEN_TABLE_CLOSED,
  OPEN_TABLE_FULL,
  OPEN_TABLE_NOT_LIVE,
  JOIN_ALREADY_PENDING,
  TOO_MANY_JOIN_REQUESTS,
  joinAlreadyMessage,
  seatsLeftMessage,
  tooManySharedMessage,
  type OpenTableEvent,
} from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { Conflict, InvalidCommand, NotFound } from '../platform/commands/domain-errors.js';
import { openTableDecider, tableIdFrom, tableIdOf, type HostReservation } from './open-table-decider.js';

const spec = deciderSpec(openTableDecider, WEDNESDAY);
const host: HostReservation = {
  reservationId: 'r1',
  live: true,
  date: '2026-11-21',
  time: '19:00',
  partySize: 6,
  email: 'ada@example.com',
  firstName: 'Ada',
};
const opened: OpenTableEvent = {
  type: 'TableOpened',
  data: {
    tableId: 't1',
    reservationId: 'r1',
    date: '2026-11-21',
    time: '19:00',
    hostEmail: 'ada@example.com',
    hostFirstName: 'Ada',
    game: 'Catan',
    seats: 2,
  },
};
const asked = (requestId: string, partySize = 1): OpenTableEvent => ({
  type: 'JoinRequested',
  data: { tableId: 't1', requestId, name: `Guest ${requestId}`, email: `${requestId}@example.com`, partySize },
});
const accepted = (requestId: string, partySize = 1): OpenTableEvent => ({
  type: 'JoinAccepted',
  data: { tableId: 't1', requestId, partySize },
});
const ask = (requestId: string, partySize = 1) =>
  ({
    type: 'AskToJoin',
    requestId,
    name: `Guest ${requestId}`,
    email: `${requestId}@example.com`,
    partySize,
    reservationLive: true,
    hostPartySize: 6,
  }) as const;

describe('open table decider', () => {
  it('given a live reservation for 6, when the host shares 2 seats, then the table is opened with the first name', () =>
    spec.given([]).when({ type: 'OpenTable', tableId: 't1', game: 'Catan', seats: 2, reservation: host }).then([opened]));

  it('given a reservation for 6, when 6 seats are shared, then it is refused: the host keeps one', () =>
    spec
      .given([])
      .when({ type: 'OpenTable', tableId: 't1', game: 'Catan', seats: 6, reservation: host })
      .thenThrows(InvalidCommand, tooManySharedMessage(6)));

  it('given a cancelled or past reservation, when opened, then it is refused', () => {
    spec
      .given([])
      .when({ type: 'OpenTable', tableId: 't1', game: 'Catan', seats: 2, reservation: { ...host, live: false } })
      .thenThrows(Conflict, OPEN_TABLE_NOT_LIVE);
    spec
      .given([])
      .when({ type: 'OpenTable', tableId: 't1', game: 'Catan', seats: 2, reservation: { ...host, date: '2026-11-17' } })
      .thenThrows(Conflict, OPEN_TABLE_NOT_LIVE);
  });

  it('given an open table, when opened again with another game, then it changes; the same again decides nothing', () => {
    spec
      .given([opened])
      .when({ type: 'OpenTable', tableId: 't1', game: 'Azul', seats: 3, reservation: host })
      .then([{ type: 'OpenTableChanged', data: { tableId: 't1', game: 'Azul', seats: 3 } }]);
    spec.given([opened]).when({ type: 'OpenTable', tableId: 't1', game: 'Catan', seats: 2, reservation: host }).thenNothing();
  });

  it('given 2 shared seats, when a visitor asks for 1, then the request is recorded', () =>
    spec
      .given([opened])
      .when(ask('a'))
      .then([asked('a')]));

  it('given 2 shared seats both accepted, when a third asks, then the table is full', () =>
    spec
      .given([opened, asked('a'), asked('b'), accepted('a'), accepted('b')])
      .when(ask('c'))
      .thenThrows(Conflict, OPEN_TABLE_FULL));

  it('given 1 seat left, when a party of 2 asks, then it is refused with the seats left', () =>
    spec
      .given([opened, asked('a'), accepted('a')])
      .when(ask('b', 2))
      .thenThrows(Conflict, seatsLeftMessage(1)));

  it('given three pending requests and two accepted, when the third is accepted, then it is refused: seats never exceed the share', () =>
    spec
      .given([opened, asked('a'), asked('b'), asked('c'), accepted('a'), accepted('b')])
      .when({ type: 'AcceptJoin', requestId: 'c', hostPartySize: 6 })
      .thenThrows(Conflict, OPEN_TABLE_FULL));

  it('given a pending request, when accepted, then it takes its seats; answered again it is refused', () => {
    spec
      .given([opened, asked('a', 2)])
      .when({ type: 'AcceptJoin', requestId: 'a', hostPartySize: 6 })
      .then([accepted('a', 2)]);
    spec
      .given([opened, asked('a'), accepted('a')])
      .when({ type: 'DeclineJoin', requestId: 'a' })
      .thenThrows(Conflict, joinAlreadyMessage('accepted'));
    spec.given([opened]).when({ type: 'AcceptJoin', requestId: 'x', hostPartySize: 6 }).thenThrows(NotFound, JOIN_REQUEST_NOT_FOUND);
  });

  it('given a closed table or a cancelled reservation, when a visitor asks, then it is refused', () => {
    spec
      .given([opened, { type: 'TableClosed', data: { tableId: 't1' } }])
      .when(ask('a'))
      .thenThrows(Conflict, OPEN_TABLE_CLOSED);
    spec
      .given([opened])
      .when({ ...ask('a'), reservationLive: false })
      .thenThrows(Conflict, OPEN_TABLE_CLOSED);
  });

  it('given a joiner, when erased, then one erasure event; again, nothing', () => {
    const erased: OpenTableEvent = { type: 'JoinerPersonalDataErased', data: { tableId: 't1', requestId: 'a', guestKey: 'k' } };
    spec
      .given([opened, asked('a'), accepted('a')])
      .when({ type: 'EraseJoiner', requestId: 'a', guestKey: 'k' })
      .then([erased]);
    spec
      .given([opened, asked('a'), erased])
      .when({ type: 'EraseJoiner', requestId: 'a', guestKey: 'k' })
      .thenNothing();
  });

  it('given an erased accepted joiner, when another asks for the last seat, then the erased one still counts', () =>
    spec
      .given([
        opened,
        asked('a', 2),
        accepted('a', 2),
        { type: 'JoinerPersonalDataErased', data: { tableId: 't1', requestId: 'a', guestKey: 'k' } },
      ])
      .when(ask('b'))
      .thenThrows(Conflict, OPEN_TABLE_FULL));

  describe('the table follows its reservation', () => {
    const five: OpenTableEvent = { ...opened, data: { ...opened.data, seats: 5 } } as OpenTableEvent;
    const many = ['a', 'b', 'c', 'd', 'e'];

    it('given 5 shared seats of a party now reduced to 2, when joiners are accepted, then only 1 is: the host keeps a seat', () => {
      spec
        .given([five, ...many.map((id) => asked(id))])
        .when({ type: 'AcceptJoin', requestId: 'a', hostPartySize: 2 })
        .then([accepted('a')]);
      spec
        .given([five, ...many.map((id) => asked(id)), accepted('a')])
        .when({ type: 'AcceptJoin', requestId: 'b', hostPartySize: 2 })
        .thenThrows(Conflict, OPEN_TABLE_FULL);
    });

    it('given 5 shared seats of a party now reduced to 3, when a party of 3 asks, then it is refused with the 2 seats left', () =>
      spec
        .given([five])
        .when({ ...ask('a', 3), hostPartySize: 3 })
        .thenThrows(Conflict, seatsLeftMessage(2)));
  });

  describe('join requests are capped', () => {
    it('given twice the shared seats pending, when one more asks, then it is refused with the contract message', () =>
      spec
        .given([opened, asked('a'), asked('b'), asked('c'), asked('d')])
        .when(ask('e'))
        .thenThrows(Conflict, TOO_MANY_JOIN_REQUESTS));

    it('given a pending request from an e-mail, when the same e-mail asks again, then it is refused', () =>
      spec
        .given([opened, asked('a')])
        .when({ ...ask('b'), email: ' A@Example.com' })
        .thenThrows(Conflict, JOIN_ALREADY_PENDING));
  });

  it('given an accepted and a pending joiner and a declined one, when the table closes, then each of the first two is to be told', () =>
    spec
      .given([opened, asked('a'), asked('b'), asked('c'), accepted('a'), { type: 'JoinDeclined', data: { tableId: 't1', requestId: 'c' } }])
      .when({ type: 'CloseTable' })
      .then([
        { type: 'TableClosed', data: { tableId: 't1' } },
        { type: 'JoinerToldTableClosed', data: { tableId: 't1', requestId: 'a' } },
        { type: 'JoinerToldTableClosed', data: { tableId: 't1', requestId: 'b' } },
      ]));
});

describe("a table's id in an address", () => {
  it('is taken for every id a reservation gives its table, one in 64 of them starting with "-"', () => {
    const ids = Array.from({ length: 16_000 }, () => tableIdOf(randomUUID()));
    expect(ids.filter((id) => id.startsWith('-')).length).toBeGreaterThan(100);
    for (const id of ids) expect(tableIdFrom(id)).toBe(id);
  });

  it('is refused as not found when it is not one', () => {
    for (const bad of ['', 'x'.repeat(21), 'x'.repeat(23), `${'x'.repeat(21)}_`, `${'x'.repeat(21)}/`, '../' + 'x'.repeat(19)]) {
      expect(() => tableIdFrom(bad)).toThrow(NotFound);
    }
  });
});
