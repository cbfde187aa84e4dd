import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPENING_HOURS,
  type OpeningHours,
  type PartyBookingDetails,
  type PartyBookingEvent,
  type HeldPartyBooking,
} from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { partyBookingDecider, type PartyBookingCommand } from './party-booking-decider.js';
import { partyBookingKind } from './party-booking-kind.js';
import { Conflict, InvalidCommand } from '../platform/commands/domain-errors.js';

/**
 * A guest's change to a party staff approved, and staff's decision on it. The party: approved for
 * 14 on Saturday at 2 PM; the guest makes it larger or moves it through their link (pending again, the
 * approved booking held), or smaller (still approved). Approving re-checks the day as a new booking would.
 */
const spec = deciderSpec(partyBookingDecider, WEDNESDAY);
const ADMIN = 'owner@example.com';
const NOW = WEDNESDAY.now.toISOString();
const details: PartyBookingDetails = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '(262) 555-0111',
  eventType: 'birthday',
  partySize: 14,
  date: '2026-11-28', // Saturday
  time: '14:00',
};
const requested: PartyBookingEvent = { type: 'PartyBookingRequested', data: { partyBookingId: 'p1', source: 'public', ...details } };
const approved = (adminNotes?: string): PartyBookingEvent => ({
  type: 'PartyBookingApproved',
  data: { partyBookingId: 'p1', approvedBy: ADMIN, approvedAt: NOW, ...(adminNotes ? { adminNotes } : {}) },
});
const guestChange = (changes: Partial<PartyBookingDetails>, by: 'guest' | 'staff' = 'guest'): PartyBookingCommand => ({
  type: 'ChangePartyBookingDetails',
  changes,
  closedReason: null,
  hours: DEFAULT_OPENING_HOURS,
  by,
});
const decide = (
  status: 'approved' | 'rejected',
  closedReason: string | null = null,
  hours = DEFAULT_OPENING_HOURS,
): PartyBookingCommand => ({
  type: 'DecidePartyBooking',
  status,
  decidedBy: ADMIN,
  closedReason,
  hours,
});
const changed = (changes: Partial<PartyBookingDetails>): PartyBookingEvent => ({
  type: 'PartyBookingDetailsChanged',
  data: { partyBookingId: 'p1', ...changes },
});
const held: HeldPartyBooking = { date: '2026-11-28', time: '14:00', partySize: 14, approvedBy: ADMIN, approvedAt: NOW };
const returned: PartyBookingEvent = { type: 'PartyBookingReturnedToPending', data: { partyBookingId: 'p1', held } };
const grown = [requested, approved('Host 2–4 PM'), changed({ partySize: 20, time: '18:00' }), returned];

describe("a guest's change to an approved party", () => {
  it('given approved for 14 at 2 PM, when the guest makes it 20 at 6 PM, then the change and PartyBookingReturnedToPending', () => {
    spec
      .given([requested, approved()])
      .when(guestChange({ partySize: 20, time: '18:00' }))
      .then([changed({ partySize: 20, time: '18:00' }), returned]);
  });
  it('given approved, when the guest only moves it (another day, or another time), then it waits for staff again', () => {
    spec
      .given([requested, approved()])
      .when(guestChange({ date: '2026-11-29', time: '14:00' }))
      .then([changed({ date: '2026-11-29' }), returned]);
    spec
      .given([requested, approved()])
      .when(guestChange({ time: '15:00' }))
      .then([changed({ time: '15:00' }), returned]);
  });
  it('given approved, when the guest makes it smaller at the same time, then it stays approved', () => {
    spec
      .given([requested, approved()])
      .when(guestChange({ partySize: 10 }))
      .then([changed({ partySize: 10 })]);
    expect(spec.given([requested, approved(), changed({ partySize: 10 })]).state().status).toBe('approved');
  });
  it('given approved, when staff make it larger or move it, then it stays approved (staff decided it)', () => {
    spec
      .given([requested, approved()])
      .when(guestChange({ partySize: 20, time: '18:00' }, 'staff'))
      .then([changed({ partySize: 20, time: '18:00' })]);
  });
  it('given a pending request, when the guest makes it larger, then only the change (it waits for staff already)', () => {
    spec
      .given([requested])
      .when(guestChange({ partySize: 20 }))
      .then([changed({ partySize: 20 })]);
  });
  it('then the party is pending with its new details, and the approved booking keeps its seats until staff decide', () => {
    const state = spec.given(grown).state();
    expect(state).toMatchObject({ status: 'pending', held, adminNotes: 'Host 2–4 PM', details: { partySize: 20, time: '18:00' } });
    expect(partyBookingKind.seats(state)).toEqual({ date: '2026-11-28', time: '14:00', partySize: 14, hold: true });
  });
});

describe("staff decide on a guest's change", () => {
  it('given the change waiting, when staff approve it, then PartyBookingApproved: the new details are held', () => {
    spec
      .given(grown)
      .when(decide('approved'))
      .then([{ type: 'PartyBookingApproved', data: { partyBookingId: 'p1', approvedBy: ADMIN, approvedAt: NOW } }]);
    const state = spec
      .given([...grown, { type: 'PartyBookingApproved', data: { partyBookingId: 'p1', approvedBy: ADMIN, approvedAt: NOW } }])
      .state();
    expect(state).toMatchObject({ status: 'approved', details: { partySize: 20, time: '18:00' } });
    expect('held' in state).toBe(false);
    expect(partyBookingKind.seats(state)).toEqual({ date: '2026-11-28', time: '18:00', partySize: 20, hold: true });
  });
  it('given the change waiting, when staff reject it, then PartyBookingChangeDeclined: approved again as it was', () => {
    const declined: PartyBookingEvent = {
      type: 'PartyBookingChangeDeclined',
      data: { partyBookingId: 'p1', declinedBy: ADMIN, declinedAt: NOW, restored: held },
    };
    spec.given(grown).when(decide('rejected')).then([declined]);
    const state = spec.given([...grown, declined]).state();
    expect(state).toMatchObject({ status: 'approved', approvedBy: ADMIN, details: { partySize: 14, time: '14:00', date: '2026-11-28' } });
    expect(partyBookingKind.seats(state)).toEqual({ date: '2026-11-28', time: '14:00', partySize: 14, hold: true });
  });
});

describe('approving re-checks the day as a new booking would', () => {
  /** Saturday shortened to 5 PM – 9 PM since the request. */
  const SHORT_SATURDAY: OpeningHours = {
    ...DEFAULT_OPENING_HOURS,
    week: { ...DEFAULT_OPENING_HOURS.week, saturday: { closed: false, open: '17:00', close: '21:00' } },
  };
  it('given a pending request on a day since closed, when approved, then 409 with the closure; rejecting is still allowed', () => {
    spec
      .given([requested])
      .when(decide('approved', 'Private event'))
      .thenThrows(Conflict, 'Sorry, we are closed on this date: Private event');
    spec
      .given([requested])
      .when(decide('rejected', 'Private event'))
      .then([{ type: 'PartyBookingRejected', data: { partyBookingId: 'p1', approvedBy: ADMIN, approvedAt: NOW } }]);
  });
  it('given a pending request at 2 PM, when approved after the hours moved to 5 PM, then refused naming the hours', () => {
    spec
      .given([requested])
      .when(decide('approved', null, SHORT_SATURDAY))
      .thenThrows(InvalidCommand, /We seat guests from 5:00 PM to 8:00 PM on Saturdays/);
  });
});
