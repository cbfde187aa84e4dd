import { describe, expect, it } from 'vitest';
import {
  ADMIN_PARTY_SIZES,
  DEFAULT_OPENING_HOURS,
  EVENT_TYPE_VALUES,
  type OpeningHours,
  PUBLIC_PARTY_SIZES,
  type PartyBookingDetails,
  type PartyBookingEvent,
} from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { partyBookingDecider, type PartyBookingCommand } from './party-booking-decider.js';
import { Conflict, InvalidCommand, NotFound } from '../platform/commands/domain-errors.js';

/** A half hour the hours do not seat: refused with the hours the day keeps. */
const OUTSIDE_HOURS = /^We seat guests from .* Please choose another time\.$/;

const spec = deciderSpec(partyBookingDecider, WEDNESDAY);
const details: PartyBookingDetails = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '(262) 555-0111',
  eventType: 'birthday',
  partySize: 12,
  date: '2026-11-28', // Saturday
  time: '18:00',
};
const ADMIN = 'owner@example.com';
const NOW = WEDNESDAY.now.toISOString();

const request = (
  over: Partial<PartyBookingDetails> = {},
  closedReason: string | null = null,
  hours: OpeningHours = DEFAULT_OPENING_HOURS,
): PartyBookingCommand => ({
  type: 'RequestPartyBooking',
  partyBookingId: 'p1',
  source: 'public',
  details: { ...details, ...over },
  closedReason,
  hours,
});
/** Monday closed and Wednesday 5 PM – 9 PM; the rest as the defaults. */
const ISSUE_HOURS: OpeningHours = {
  ...DEFAULT_OPENING_HOURS,
  week: {
    ...DEFAULT_OPENING_HOURS.week,
    monday: { closed: true, open: '', close: '' },
    wednesday: { closed: false, open: '17:00', close: '21:00' },
  },
};
const requested = (over: Partial<PartyBookingDetails> = {}): PartyBookingEvent => ({
  type: 'PartyBookingRequested',
  data: { partyBookingId: 'p1', source: 'public', ...details, ...over },
});
const decide = (status: 'approved' | 'rejected', adminNotes?: string): PartyBookingCommand => ({
  type: 'DecidePartyBooking',
  status,
  adminNotes,
  decidedBy: ADMIN,
  closedReason: null,
  hours: DEFAULT_OPENING_HOURS,
});
const approved = (adminNotes?: string): PartyBookingEvent => ({
  type: 'PartyBookingApproved',
  data: { partyBookingId: 'p1', approvedBy: ADMIN, approvedAt: NOW, ...(adminNotes ? { adminNotes } : {}) },
});
const rejected = (adminNotes?: string): PartyBookingEvent => ({
  type: 'PartyBookingRejected',
  data: { partyBookingId: 'p1', approvedBy: ADMIN, approvedAt: NOW, ...(adminNotes ? { adminNotes } : {}) },
});
const cancelled: PartyBookingEvent = { type: 'PartyBookingCancelled', data: { partyBookingId: 'p1' } };
const details_ = (
  changes: Record<string, unknown>,
  closedReason: string | null = null,
  hours: OpeningHours = DEFAULT_OPENING_HOURS,
): PartyBookingCommand => ({
  type: 'ChangePartyBookingDetails',
  changes,
  closedReason,
  hours,
});

describe('party booking decider: RequestPartyBooking (public form)', () => {
  it('given nothing, when requested, then PartyBookingRequested and the booking is pending', () => {
    spec.given([]).when(request()).then([requested()]);
    expect(spec.given([requested()]).state().status).toBe('pending');
  });
  it.each(PUBLIC_PARTY_SIZES)('party size %i is accepted', (size) => {
    spec
      .given([])
      .when(request({ partySize: size }))
      .then([requested({ partySize: size })]);
  });
  it.each([1, 5, 25, 30])('party size %i is refused', (size) => {
    spec
      .given([])
      .when(request({ partySize: size }))
      .thenThrows(InvalidCommand, 'Party size must be between 6 and 24');
  });
  it.each(EVENT_TYPE_VALUES)('event type %s (from either list) is accepted', (eventType) => {
    spec
      .given([])
      .when(request({ eventType }))
      .then([requested({ eventType })]);
  });
  it('refuses a missing or unknown event type', () => {
    spec
      .given([])
      .when(request({ eventType: '' }))
      .thenThrows(InvalidCommand, 'Event type is required');
    spec
      .given([])
      .when(request({ eventType: 'wedding' }))
      .thenThrows(InvalidCommand, 'Please choose an event type from the list');
  });
  it('refuses a past date, a time off the slots, and a blocked date', () => {
    spec
      .given([])
      .when(request({ date: '2026-11-17' }))
      .thenThrows(InvalidCommand, 'Party booking date cannot be in the past');
    spec
      .given([])
      .when(request({ date: '2026-11-23', time: '11:00' }))
      .thenThrows(InvalidCommand, OUTSIDE_HOURS);
    spec
      .given([])
      .when(request({ time: '22:30' }))
      .thenThrows(InvalidCommand, OUTSIDE_HOURS);
    spec.given([]).when(request({}, 'Staff holiday')).thenThrows(Conflict, 'Sorry, we are closed on this date: Staff holiday');
  });
  // Sunday closes at 8 PM by default: its last table is seated at 19:00, SPEC's 22:00 gives way to the hours.
  it('accepts the last slot (22:00 on a weekday and Saturday, 19:00 on Sunday) and the first (15:00 / 11:00)', () => {
    for (const [date, time] of [
      ['2026-11-23', '22:00'],
      ['2026-11-23', '15:00'],
      ['2026-11-28', '22:00'],
      ['2026-11-22', '19:00'],
      ['2026-11-22', '11:00'],
    ] as const) {
      spec
        .given([])
        .when(request({ date, time }))
        .then([requested({ date, time })]);
    }
  });
  it('refuses Sunday 22:00, a closed Monday and Wednesday 21:00 under the hours; accepts Wednesday 20:00', () => {
    spec
      .given([])
      .when(request({ date: '2026-11-22', time: '22:00' }))
      .thenThrows(InvalidCommand, /We seat guests from 11:00 AM to 7:00 PM on Sundays/);
    spec
      .given([])
      .when(request({ date: '2026-11-23', time: '18:00' }, null, ISSUE_HOURS))
      .thenThrows(Conflict, 'Sorry, we are closed on Mondays. Please choose another date.');
    spec
      .given([])
      .when(request({ date: '2026-11-25', time: '21:00' }, null, ISSUE_HOURS))
      .thenThrows(InvalidCommand, /We seat guests from 5:00 PM to 8:00 PM on Wednesdays/);
    spec
      .given([])
      .when(request({ date: '2026-11-25', time: '20:00' }, null, ISSUE_HOURS))
      .then([requested({ date: '2026-11-25', time: '20:00' })]);
    spec
      .given([requested()])
      .when(details_({ date: '2026-11-23' }, null, ISSUE_HOURS))
      .thenThrows(Conflict, 'Sorry, we are closed on Mondays. Please choose another date.');
  });
  it('given an existing booking, when the id is requested again, then 409', () => {
    spec.given([requested()]).when(request()).thenThrows(Conflict, 'This party booking already exists');
  });
});

describe('party booking decider: DecidePartyBooking (status transitions)', () => {
  it('given pending, when approved with notes, then PartyBookingApproved by the admin, at now', () => {
    spec
      .given([requested()])
      .when(decide('approved', 'Room B'))
      .then([approved('Room B')]);
    const state = spec.given([requested(), approved('Room B')]).state();
    expect(state).toMatchObject({ status: 'approved', approvedBy: ADMIN, approvedAt: NOW, adminNotes: 'Room B' });
  });
  it('given pending, when rejected without notes, then PartyBookingRejected', () => {
    spec.given([requested()]).when(decide('rejected')).then([rejected()]);
    expect(spec.given([requested(), rejected()]).state().status).toBe('rejected');
  });
  it('given approved, when rejected, then 409 (a decision is made once)', () => {
    spec
      .given([requested(), approved()])
      .when(decide('rejected'))
      .thenThrows(Conflict, 'This party booking has already been approved; only the admin notes can be changed');
  });
  it('given rejected, when approved, then 409', () => {
    spec
      .given([requested(), rejected('Full')])
      .when(decide('approved', 'Full'))
      .thenThrows(Conflict, 'This party booking has already been rejected; only the admin notes can be changed');
  });
});

describe('party booking decider: notes-only edits of a decided booking', () => {
  it('given approved, when the same status comes with new notes, then PartyBookingNotesChanged only', () => {
    spec
      .given([requested(), approved('Room B')])
      .when(decide('approved', 'Room C, cake at 7'))
      .then([{ type: 'PartyBookingNotesChanged', data: { partyBookingId: 'p1', adminNotes: 'Room C, cake at 7' } }]);
  });
  it('given rejected, when the same status comes with the same notes, then nothing is recorded', () => {
    spec
      .given([requested(), rejected('Full')])
      .when(decide('rejected', 'Full'))
      .thenNothing();
  });
  it('given approved with notes, when re-sent without notes, then the notes are cleared', () => {
    spec
      .given([requested(), approved('Room B')])
      .when(decide('approved'))
      .then([{ type: 'PartyBookingNotesChanged', data: { partyBookingId: 'p1', adminNotes: null } }]);
    const state = spec
      .given([requested(), approved('Room B'), { type: 'PartyBookingNotesChanged', data: { partyBookingId: 'p1', adminNotes: null } }])
      .state();
    expect(state.status).toBe('approved');
    expect('adminNotes' in state).toBe(false);
  });
  it('a notes edit keeps who decided and when', () => {
    const state = spec
      .given([requested(), approved('a'), { type: 'PartyBookingNotesChanged', data: { partyBookingId: 'p1', adminNotes: 'b' } }])
      .state();
    expect(state).toMatchObject({ status: 'approved', approvedBy: ADMIN, approvedAt: NOW, adminNotes: 'b' });
  });
});

describe('party booking decider: ChangePartyBookingDetails (admin edit)', () => {
  it.each(ADMIN_PARTY_SIZES)('party size %i is accepted', (size) => {
    spec
      .given([requested()])
      .when(details_({ partySize: size }))
      .then(size === details.partySize ? [] : [{ type: 'PartyBookingDetailsChanged', data: { partyBookingId: 'p1', partySize: size } }]);
  });
  it.each([0, 11, 14, 24, 31])('party size %i is refused', (size) => {
    spec
      .given([requested()])
      .when(details_({ partySize: size }))
      .thenThrows(InvalidCommand, 'Party size must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30');
  });
  it('records only what differs, on a pending or a decided booking', () => {
    spec
      .given([requested(), approved()])
      .when(details_({ ...details, eventType: 'anniversary', name: 'Grace B. Hopper' }))
      .then([{ type: 'PartyBookingDetailsChanged', data: { partyBookingId: 'p1', name: 'Grace B. Hopper', eventType: 'anniversary' } }]);
    expect(
      spec.given([requested(), approved(), { type: 'PartyBookingDetailsChanged', data: { partyBookingId: 'p1', partySize: 30 } }]).state(),
    ).toMatchObject({
      status: 'approved',
      details: { partySize: 30 },
    });
  });
  it('refuses an empty event type, a past date, a bad slot, a blocked date', () => {
    spec
      .given([requested()])
      .when(details_({ eventType: '' }))
      .thenThrows(InvalidCommand, 'Event type is required');
    spec
      .given([requested()])
      .when(details_({ date: '2026-11-01' }))
      .thenThrows(InvalidCommand, 'Party booking date cannot be in the past');
    spec
      .given([requested()])
      .when(details_({ time: '10:00' }))
      .thenThrows(InvalidCommand, OUTSIDE_HOURS);
    spec
      .given([requested()])
      .when(details_({ date: '2026-11-29' }, 'Closed'))
      .thenThrows(Conflict, 'Sorry, we are closed on this date: Closed');
  });
  it('given 12 guests from the public form (not an admin size), when only the date moves, then it is recorded', () => {
    spec
      .given([requested({ partySize: 12 })])
      .when(details_({ ...details, partySize: 12, date: '2026-11-29' }))
      .then([{ type: 'PartyBookingDetailsChanged', data: { partyBookingId: 'p1', date: '2026-11-29' } }]);
  });
  it('given a cancelled or unknown booking, when edited, then 404', () => {
    spec
      .given([requested(), cancelled])
      .when(details_({ name: 'X' }))
      .thenThrows(NotFound, 'Party booking not found');
    spec
      .given([])
      .when(details_({ name: 'X' }))
      .thenThrows(NotFound, 'Party booking not found');
  });
});

describe('party booking decider: CancelPartyBooking', () => {
  it.each([
    ['pending', [requested()]],
    ['approved', [requested(), approved()]],
    ['rejected', [requested(), rejected()]],
  ] as const)('given %s, when cancelled, then PartyBookingCancelled', (_label, history) => {
    spec
      .given([...history])
      .when({ type: 'CancelPartyBooking' })
      .then([cancelled]);
    expect(spec.given([...history, cancelled]).state().status).toBe('cancelled');
  });
  it('given cancelled or nothing, when cancelled or decided, then 404', () => {
    spec.given([requested(), cancelled]).when({ type: 'CancelPartyBooking' }).thenThrows(NotFound, 'Party booking not found');
    spec.given([requested(), cancelled]).when(decide('approved')).thenThrows(NotFound, 'Party booking not found');
    spec.given([]).when(decide('approved')).thenThrows(NotFound, 'Party booking not found');
  });
});

describe('party booking decider: cancelled because its date was closed', () => {
  const closure = { reason: 'Holiday break', from: '2026-11-27', to: '2026-11-29' };
  it('given an approved booking, when cancelled with a closure, then PartyBookingCancelled records the closure', () => {
    spec
      .given([requested(), approved()])
      .when({ type: 'CancelPartyBooking', closure })
      .then([{ type: 'PartyBookingCancelled', data: { partyBookingId: 'p1', closure } }]);
  });
});
