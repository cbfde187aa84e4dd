import { describe, it } from 'vitest';
import { PERSONAL_DATA_ERASED, QUEUE_PARTY_NOT_FOUND } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { doorQueueDecider, type DoorQueueEvent, type PartyQueuedData } from './door-queue-decider.js';
import { messageDecider, type GuestMessageEvent } from './message-claims.js';

const DATE = '2026-11-18';
const AT = WEDNESDAY.now.toISOString();
const spec = deciderSpec(doorQueueDecider, WEDNESDAY);

const queued = (partyId: string, over: Partial<PartyQueuedData> = {}): DoorQueueEvent => ({
  type: 'PartyQueued',
  data: {
    date: DATE,
    partyId,
    name: 'Ana',
    email: 'ana@example.com',
    phone: '',
    note: '',
    partySize: 2,
    quotedMinutes: 15,
    at: AT,
    ...over,
  },
});
const ready = (partyId: string): DoorQueueEvent => ({
  type: 'TableReadySent',
  data: { date: DATE, partyId, readyUntil: '2026-11-18T16:10:00.000Z', holdMinutes: 10, tables: ['3'], at: AT },
});
const seated = (partyId: string): DoorQueueEvent => ({
  type: 'PartySeated',
  data: { date: DATE, partyId, bookingId: 'b1', tables: ['3'], at: AT },
});

describe('the door queue decider', () => {
  it('given nothing, when a party is queued, then PartyQueued at the time decided; the same id again adds no one', () => {
    const { partySize, name, email, phone, note, quotedMinutes } = queued('a').data as PartyQueuedData;
    const command = { type: 'QueueParty' as const, date: DATE, partyId: 'a', partySize, name, email, phone, note, quotedMinutes };
    spec
      .given([])
      .when(command)
      .then([queued('a')]);
    spec
      .given([queued('a')])
      .when(command)
      .thenNothing();
  });

  it('given a waiting party, when "Table ready" is sent, then held until now plus the hold', () => {
    spec
      .given([queued('a')])
      .when({ type: 'SendTableReady', date: DATE, partyId: 'a', holdMinutes: 10, tables: ['3'] })
      .then([ready('a')]);
  });

  it('given a party told its table is ready, when it is seated, then PartySeated with its booking; seated again, nothing', () => {
    const seat = { type: 'SeatParty' as const, date: DATE, partyId: 'a', bookingId: 'b1', tables: ['3'] };
    spec
      .given([queued('a'), ready('a')])
      .when(seat)
      .then([seated('a')]);
    spec
      .given([queued('a'), ready('a'), seated('a')])
      .when(seat)
      .thenNothing();
  });

  it('given a party gone or unknown, when "Table ready" or Seat comes, then 404 no longer in the queue', () => {
    const gone: DoorQueueEvent = { type: 'PartyGone', data: { date: DATE, partyId: 'a', at: AT } };
    spec
      .given([queued('a'), gone])
      .when({ type: 'SendTableReady', date: DATE, partyId: 'a', holdMinutes: 10, tables: [] })
      .thenThrows(NotFound, QUEUE_PARTY_NOT_FOUND);
    spec
      .given([])
      .when({ type: 'SeatParty', date: DATE, partyId: 'x', bookingId: 'b', tables: [] })
      .thenThrows(NotFound, QUEUE_PARTY_NOT_FOUND);
  });

  it('given a seated party, when staff mark it gone, then refused (it sat down)', () => {
    spec
      .given([queued('a'), seated('a')])
      .when({ type: 'MarkGone', date: DATE, partyId: 'a' })
      .thenThrows(Conflict, QUEUE_PARTY_NOT_FOUND);
  });

  it('given two parties, one whose key is gone (its fields read erased), when forget erases, then only that one, once', () => {
    const forgotten = queued('a', { name: PERSONAL_DATA_ERASED, email: '' });
    const erased: DoorQueueEvent = { type: 'DoorQueuePersonalDataErased', data: { date: DATE, partyId: 'a', guestKey: 'k' } };
    spec
      .given([forgotten, queued('b')])
      .when({ type: 'EraseForgotten', date: DATE, guestKey: 'k' })
      .then([erased]);
    spec
      .given([forgotten, queued('b'), erased])
      .when({ type: 'EraseForgotten', date: DATE, guestKey: 'k' })
      .thenNothing();
  });
});

describe('a guest message’s claim (at most once)', () => {
  const messages = deciderSpec(messageDecider, WEDNESDAY);
  const ref = { date: DATE, partyId: 'a', messageId: 'm1' };
  const claimed: GuestMessageEvent = { type: 'GuestMessageClaimed', data: { ...ref, kind: 'ready', channel: 'sms' } };

  it('given no claim, when claimed, then GuestMessageClaimed; claimed again (another runner, a restart), nothing', () => {
    messages.given([]).when({ type: 'Claim', ref, kind: 'ready', channel: 'sms' }).then([claimed]);
    messages.given([claimed]).when({ type: 'Claim', ref, kind: 'ready', channel: 'sms' }).thenNothing();
  });

  it('given a claim, when the outcome is recorded, then sent or failed once; a skip after a claim, nothing', () => {
    messages
      .given([claimed])
      .when({ type: 'Record', ref, outcome: { channel: 'sms' } })
      .then([{ type: 'GuestMessageSent', data: { ...ref, channel: 'sms' } }]);
    messages
      .given([claimed])
      .when({ type: 'Record', ref, outcome: { reason: 'SMS provider answered 400' } })
      .then([{ type: 'GuestMessageFailed', data: { ...ref, reason: 'SMS provider answered 400' } }]);
    messages
      .given([claimed, { type: 'GuestMessageSent', data: { ...ref, channel: 'sms' } }])
      .when({ type: 'Record', ref, outcome: { channel: 'sms' } })
      .thenNothing();
    messages.given([claimed]).when({ type: 'Skip', ref, kind: 'ready', reason: 'too late' }).thenNothing();
  });
});
