import { describe, expect, it } from 'vitest';
import {
  ARRIVAL_PARTY_NOT_APPROVED,
  DEFAULT_OPENING_HOURS,
  PARTY_BOOKING_NOT_FOUND,
  arrivalTransitionMessage,
  type PartyBookingDetails,
} from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { partyBookingDecider, type PartyBookingStreamEvent } from './party-booking-decider.js';
import { partyBookingKind } from './party-booking-kind.js';

const spec = deciderSpec(partyBookingDecider, WEDNESDAY);
const details: PartyBookingDetails = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '(262) 555-0111',
  eventType: 'birthday',
  partySize: 12,
  date: WEDNESDAY.today,
  time: '18:00',
};
const requested: PartyBookingStreamEvent = { type: 'PartyBookingRequested', data: { partyBookingId: 'p1', source: 'public', ...details } };
const approved: PartyBookingStreamEvent = {
  type: 'PartyBookingApproved',
  data: { partyBookingId: 'p1', approvedBy: 'owner@example.com', approvedAt: WEDNESDAY.now.toISOString() },
};

describe('party arrival: given / when / then', () => {
  it('an approved party is marked arrived, then seated, then finished', () => {
    spec
      .given([requested, approved])
      .when({ type: 'MarkPartyBookingArrival', status: 'arrived' })
      .then([{ type: 'PartyBookingArrivalMarked', data: { partyBookingId: 'p1', status: 'arrived', from: 'expected' } }]);
    const arrived: PartyBookingStreamEvent = {
      type: 'PartyBookingArrivalMarked',
      data: { partyBookingId: 'p1', status: 'arrived', from: 'expected' },
    };
    spec
      .given([requested, approved, arrived])
      .when({ type: 'MarkPartyBookingArrival', status: 'finished' })
      .thenThrows(Conflict, arrivalTransitionMessage('arrived', 'finished'));
  });

  it('a pending request cannot arrive (409); a cancelled one is not found', () => {
    spec.given([requested]).when({ type: 'MarkPartyBookingArrival', status: 'arrived' }).thenThrows(Conflict, ARRIVAL_PARTY_NOT_APPROVED);
    spec
      .given([requested, approved, { type: 'PartyBookingCancelled', data: { partyBookingId: 'p1' } }])
      .when({ type: 'MarkPartyBookingArrival', status: 'arrived' })
      .thenThrows(NotFound, PARTY_BOOKING_NOT_FOUND);
  });

  it('a no-show party gives its seats back', () => {
    const noShow = spec
      .given([
        requested,
        approved,
        { type: 'PartyBookingArrivalMarked', data: { partyBookingId: 'p1', status: 'no-show', from: 'expected' } },
      ])
      .state();
    expect(partyBookingKind.seats(noShow)).toBeNull();
  });
});

describe('party arrival when the booking moves: given / when / then', () => {
  it('a no-show party moved to tomorrow is expected again, in the same decision', () => {
    const noShow: PartyBookingStreamEvent = {
      type: 'PartyBookingArrivalMarked',
      data: { partyBookingId: 'p1', status: 'no-show', from: 'expected' },
    };
    spec
      .given([requested, approved, noShow])
      .when({ type: 'ChangePartyBookingDetails', changes: { date: '2026-11-19' }, closedReason: null, hours: DEFAULT_OPENING_HOURS })
      .then([
        { type: 'PartyBookingDetailsChanged', data: { partyBookingId: 'p1', date: '2026-11-19' } },
        { type: 'PartyBookingArrivalMarked', data: { partyBookingId: 'p1', status: 'expected', from: 'no-show' } },
      ]);
    spec
      .given([requested, approved, noShow])
      .when({ type: 'ChangePartyBookingDetails', changes: { partySize: 15 }, closedReason: null, hours: DEFAULT_OPENING_HOURS })
      .then([{ type: 'PartyBookingDetailsChanged', data: { partyBookingId: 'p1', partySize: 15 } }]);
  });
});
