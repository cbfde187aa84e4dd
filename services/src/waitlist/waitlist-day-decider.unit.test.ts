import { describe, it } from 'vitest';
import { OFFER_EXPIRED_MESSAGE, OFFER_TAKEN_MESSAGE, WAITLIST_ENTRY_NOT_FOUND } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
import { waitlistDayDecider, type WaitlistDayEvent } from './waitlist-day-decider.js';

const spec = deciderSpec(waitlistDayDecider, WEDNESDAY);
const date = '2026-11-20';
const listed = (entryId: string): WaitlistDayEvent => ({
  type: 'EntryListed',
  data: { date, entryId, partySize: 2, from: '18:30', to: '20:00', joinedAt: '2026-11-18T16:00:00.000Z' },
});
const made = (offerId: string, entryId: string, holdUntil = '2026-11-18T16:30:00.000Z'): WaitlistDayEvent => ({
  type: 'OfferMade',
  data: { date, offerId, entryId, time: '19:00', partySize: 2, holdUntil },
});

describe("a date's waitlist", () => {
  it('given an entry, when it is offered, then OfferMade with its size; offered again (a retry), nothing', () => {
    spec
      .given([listed('e1')])
      .when({ type: 'MakeOffer', date, offerId: 'o1', entryId: 'e1', time: '19:00', holdUntil: '2026-11-18T16:30:00.000Z' })
      .then([made('o1', 'e1')]);
    spec
      .given([listed('e1'), made('o1', 'e1')])
      .when({ type: 'MakeOffer', date, offerId: 'o1', entryId: 'e1', time: '19:00', holdUntil: '2026-11-18T16:30:00.000Z' })
      .thenNothing();
  });

  it('given a taken offer, when it is taken again, then refused (409, taken)', () => {
    spec
      .given([listed('e1'), made('o1', 'e1'), { type: 'OfferTaken', data: { date, offerId: 'o1', entryId: 'e1', bookingId: 'o1' } }])
      .when({ type: 'TakeOffer', date, offerId: 'o1', bookingId: 'o1' })
      .thenThrows(Conflict, OFFER_TAKEN_MESSAGE);
  });

  it('given two offers, one past its hold, when expiry runs at 10:31, then only that one expires', () => {
    spec
      .given([listed('e1'), listed('e2'), made('o1', 'e1'), made('o2', 'e2', '2026-11-18T17:00:00.000Z')])
      .when({ type: 'ExpireOffers', date, now: new Date('2026-11-18T16:31:00.000Z') })
      .then([{ type: 'OfferExpired', data: { date, offerId: 'o1', entryId: 'e1' } }]);
  });

  it('given an expired offer, when the guest passes, then refused (expired)', () => {
    spec
      .given([listed('e1'), made('o1', 'e1'), { type: 'OfferExpired', data: { date, offerId: 'o1', entryId: 'e1' } }])
      .when({ type: 'PassOffer', date, offerId: 'o1' })
      .thenThrows(Conflict, OFFER_EXPIRED_MESSAGE);
  });

  it('an entry leaves once; an unknown one is not found; a past date ends once', () => {
    spec
      .given([listed('e1')])
      .when({ type: 'LeaveEntry', date, entryId: 'e1' })
      .then([{ type: 'EntryLeft', data: { date, entryId: 'e1' } }]);
    spec
      .given([listed('e1'), { type: 'EntryLeft', data: { date, entryId: 'e1' } }])
      .when({ type: 'LeaveEntry', date, entryId: 'e1' })
      .thenNothing();
    spec.given([]).when({ type: 'LeaveEntry', date, entryId: 'x' }).thenThrows(NotFound, WAITLIST_ENTRY_NOT_FOUND);
    spec
      .given([listed('e1')])
      .when({ type: 'EndDay', date })
      .then([{ type: 'WaitlistDayEnded', data: { date } }]);
    spec
      .given([listed('e1'), { type: 'WaitlistDayEnded', data: { date } }])
      .when({ type: 'EndDay', date })
      .thenNothing();
  });
});
