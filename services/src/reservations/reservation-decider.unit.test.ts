import { describe, expect, it } from 'vitest';
import {
  ADMIN_RESERVATION_SIZES,
  DEFAULT_OPENING_HOURS,
  PUBLIC_RESERVATION_SIZES,
  type OpeningHours,
  type ReservationDetails,
  type ReservationEvent,
  SLOT_MESSAGE,
} from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { reservationDecider, type ReservationCommand } from './reservation-decider.js';
import { Conflict, InvalidCommand, NotFound } from '../platform/commands/domain-errors.js';

/** A half hour the hours do not seat: refused with the hours the day keeps. */
const OUTSIDE_HOURS = /^We seat guests from .* Please choose another time\.$/;

const spec = deciderSpec(reservationDecider, WEDNESDAY);
const details: ReservationDetails = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '(262) 555-0100',
  partySize: 4,
  date: '2026-11-21', // Saturday
  time: '11:00',
  specialRequests: 'Window table',
};
const request = (
  over: Partial<ReservationDetails> = {},
  source: 'public' | 'admin' = 'public',
  closedReason: string | null = null,
  hours: OpeningHours = DEFAULT_OPENING_HOURS,
): ReservationCommand => ({
  type: 'RequestReservation',
  reservationId: 'r1',
  source,
  details: { ...details, ...over },
  closedReason,
  hours,
});
const requested = (over: Partial<ReservationDetails> = {}): ReservationEvent => ({
  type: 'ReservationRequested',
  data: { reservationId: 'r1', source: 'public', ...details, ...over },
});
const change = (
  changes: Record<string, unknown>,
  closedReason: string | null = null,
  hours: OpeningHours = DEFAULT_OPENING_HOURS,
): ReservationCommand => ({
  type: 'ChangeReservation',
  changes,
  closedReason,
  hours,
});
/** Monday closed, Wednesday 5 PM – 9 PM, Thanksgiving (Thursday 2026-11-26) closed; the rest as the defaults. */
const ISSUE_HOURS: OpeningHours = {
  ...DEFAULT_OPENING_HOURS,
  week: {
    ...DEFAULT_OPENING_HOURS.week,
    monday: { closed: true, open: '', close: '' },
    wednesday: { closed: false, open: '17:00', close: '21:00' },
  },
  exceptions: [{ date: '2026-11-26', closed: true, open: '', close: '', note: 'Thanksgiving' }],
};

/** The week of Sunday 2026-11-22 … Saturday 2026-11-28. */
const WEEK = [
  ['Sunday', '2026-11-22', 'weekend'],
  ['Monday', '2026-11-23', 'weekday'],
  ['Tuesday', '2026-11-24', 'weekday'],
  ['Wednesday', '2026-11-25', 'weekday'],
  ['Thursday', '2026-11-26', 'weekday'],
  ['Friday', '2026-11-27', 'weekday'],
  ['Saturday', '2026-11-28', 'weekend'],
] as const;
const halfHours = (from: number, to: number) =>
  Array.from({ length: (to - from) * 2 + 1 }, (_, i) => `${String(from + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

describe('reservation decider: RequestReservation', () => {
  it('given nothing, when a visitor requests a valid table, then ReservationRequested', () => {
    spec.given([]).when(request()).then([requested()]);
  });

  it('given an existing reservation, when the same id is requested again, then 409', () => {
    spec.given([requested()]).when(request()).thenThrows(Conflict, 'This reservation already exists');
  });

  it.each(PUBLIC_RESERVATION_SIZES)('public form: party size %i is accepted', (size) => {
    spec
      .given([])
      .when(request({ partySize: size }))
      .then([requested({ partySize: size })]);
  });
  it.each([0, 1, 11, 12])('public form: party size %i is refused', (size) => {
    spec
      .given([])
      .when(request({ partySize: size }))
      .thenThrows(InvalidCommand, 'Party size must be between 2 and 10');
  });
  it.each(ADMIN_RESERVATION_SIZES)('admin create: party size %i is accepted', (size) => {
    spec
      .given([])
      .when(request({ partySize: size }, 'admin'))
      .then([{ type: 'ReservationRequested', data: { reservationId: 'r1', source: 'admin', ...details, partySize: size } }]);
  });
  it.each([0, 11])('admin create: party size %i is refused', (size) => {
    spec
      .given([])
      .when(request({ partySize: size }, 'admin'))
      .thenThrows(InvalidCommand, 'Party size must be between 1 and 10');
  });

  it('refuses yesterday (café zone) and accepts today', () => {
    spec
      .given([])
      .when(request({ date: '2026-11-17', time: '15:00' }))
      .thenThrows(InvalidCommand, 'Reservation date cannot be in the past');
    spec
      .given([])
      .when(request({ date: '2026-11-18', time: '15:00' }))
      .then([requested({ date: '2026-11-18', time: '15:00' })]);
  });

  it('refuses a blocked date with 409 and the closed message', () => {
    spec
      .given([])
      .when(request({ date: '2026-11-26', time: '18:00' }, 'public', 'Thanksgiving'))
      .thenThrows(Conflict, 'Sorry, we are closed on this date: Thanksgiving');
  });

  // The default hours win over SPEC's slot rule on Sundays: closing at 8 PM, the last table is seated at 7 PM.
  describe.each(WEEK)('slots of a %s (%s)', (day, date, kind) => {
    const open = kind === 'weekend' ? 11 : 15;
    const last = day === 'Sunday' ? 19 : 22;
    const slots = halfHours(open, last);
    it(`accepts every half hour from ${open}:00 to the last slot ${last}:00 (${slots.length} slots)`, () => {
      for (const time of slots)
        spec
          .given([])
          .when(request({ date, time }))
          .then([requested({ date, time })]);
    });
    // A half hour outside the hours is refused naming the hours kept; a time off the half hour is no slot at all.
    it.each(['22:30', '23:00', `${String(open - 1).padStart(2, '0')}:30`, '09:00'])('refuses %s, naming the hours', (time) => {
      spec.given([]).when(request({ date, time })).thenThrows(InvalidCommand, OUTSIDE_HOURS);
    });
    it(`refuses ${open}:15, off the half hour`, () => {
      spec
        .given([])
        .when(request({ date, time: `${open}:15` }))
        .thenThrows(InvalidCommand, SLOT_MESSAGE);
    });
  });

  it('refuses Sunday 19:30 and 22:00 by the default hours (closing 8 PM, last seating 60 minutes)', () => {
    for (const time of ['19:30', '22:00'])
      spec
        .given([])
        .when(request({ date: '2026-11-22', time }))
        .thenThrows(
          InvalidCommand,
          'We seat guests from 11:00 AM to 7:00 PM on Sundays (open 11:00 AM – 8:00 PM). Please choose another time.',
        );
  });

  describe('given Monday closed, Wednesday 5 PM – 9 PM and Thanksgiving closed', () => {
    const at = (date: string, time: string) => request({ date, time }, 'public', null, ISSUE_HOURS);
    it('refuses any Monday time as closed (409)', () => {
      spec.given([]).when(at('2026-11-23', '18:00')).thenThrows(Conflict, 'Sorry, we are closed on Mondays. Please choose another date.');
    });
    it('accepts Wednesday 17:00 to 20:00 and refuses 16:30 and 21:00', () => {
      for (const time of halfHours(17, 20))
        spec
          .given([])
          .when(at('2026-11-25', time))
          .then([requested({ date: '2026-11-25', time })]);
      for (const time of ['16:30', '20:30', '21:00'])
        spec
          .given([])
          .when(at('2026-11-25', time))
          .thenThrows(
            InvalidCommand,
            'We seat guests from 5:00 PM to 8:00 PM on Wednesdays (open 5:00 PM – 9:00 PM). Please choose another time.',
          );
    });
    it('refuses the holiday as closed, while the Thursday after it keeps its hours', () => {
      spec
        .given([])
        .when(at('2026-11-26', '18:00'))
        .thenThrows(Conflict, 'Sorry, we are closed on Thursday, November 26, 2026 (Thanksgiving). Please choose another date.');
      spec
        .given([])
        .when(at('2026-12-03', '18:00'))
        .then([requested({ date: '2026-12-03', time: '18:00' })]);
    });
    it('refuses moving a booking onto a closed Monday or past Wednesday 20:00, but lets its name change', () => {
      spec
        .given([requested()])
        .when(change({ date: '2026-11-23', time: '18:00' }, null, ISSUE_HOURS))
        .thenThrows(Conflict, 'Sorry, we are closed on Mondays. Please choose another date.');
      spec
        .given([requested({ date: '2026-11-25', time: '18:00' })])
        .when(change({ time: '21:00' }, null, ISSUE_HOURS))
        .thenThrows(InvalidCommand, /We seat guests from 5:00 PM to 8:00 PM on Wednesdays/);
      spec
        .given([requested({ date: '2026-11-23', time: '18:00' })])
        .when(change({ name: 'Ada King' }, null, ISSUE_HOURS))
        .then([{ type: 'ReservationChanged', data: { reservationId: 'r1', name: 'Ada King' } }]);
    });
  });
});

describe('reservation decider: ChangeReservation', () => {
  it('given a reservation, when only the name changes, then ReservationChanged carries only the name', () => {
    spec
      .given([requested()])
      .when(change({ ...details, name: 'Ada King' }))
      .then([{ type: 'ReservationChanged', data: { reservationId: 'r1', name: 'Ada King' } }]);
  });

  it('given a reservation, when nothing differs, then nothing is recorded', () => {
    spec
      .given([requested()])
      .when(change({ ...details }))
      .thenNothing();
  });

  it('clears the special requests with null, and evolve drops them', () => {
    const given = spec.given([requested(), { type: 'ReservationChanged', data: { reservationId: 'r1', specialRequests: null } }]);
    const state = given.state();
    expect(state.status === 'requested' && 'specialRequests' in state.details).toBe(false);
    spec
      .given([requested()])
      .when(change({ specialRequests: null }))
      .then([{ type: 'ReservationChanged', data: { reservationId: 'r1', specialRequests: null } }]);
    given.when(change({ specialRequests: null })).thenNothing();
  });

  it('moves to another valid day and slot (admin sizes 1–10 apply)', () => {
    spec
      .given([requested()])
      .when(change({ date: '2026-11-23', time: '15:00', partySize: 1 }))
      .then([{ type: 'ReservationChanged', data: { reservationId: 'r1', date: '2026-11-23', time: '15:00', partySize: 1 } }]);
  });

  it('refuses moving into the past, off the slots, onto a blocked date, or to 11 people', () => {
    spec
      .given([requested()])
      .when(change({ date: '2026-11-17' }))
      .thenThrows(InvalidCommand, 'Reservation date cannot be in the past');
    spec
      .given([requested()])
      .when(change({ date: '2026-11-23' }))
      .thenThrows(InvalidCommand, OUTSIDE_HOURS); // 11:00 on a Monday
    spec
      .given([requested()])
      .when(change({ time: '22:30' }))
      .thenThrows(InvalidCommand, OUTSIDE_HOURS);
    spec
      .given([requested()])
      .when(change({ date: '2026-11-28' }, 'Private event'))
      .thenThrows(Conflict, 'Sorry, we are closed on this date: Private event');
    spec
      .given([requested()])
      .when(change({ partySize: 11 }))
      .thenThrows(InvalidCommand, 'Party size must be between 1 and 10');
  });

  it("given last week's reservation, when only the phone changes, then it is recorded (the past date is not being set)", () => {
    spec
      .given([requested({ date: '2026-11-14', time: '11:00' })])
      .when(change({ phone: '(262) 555-0199' }))
      .then([{ type: 'ReservationChanged', data: { reservationId: 'r1', phone: '(262) 555-0199' } }]);
  });

  it('given nothing or a cancelled reservation, when changed, then 404', () => {
    spec
      .given([])
      .when(change({ name: 'X' }))
      .thenThrows(NotFound, 'Reservation not found');
    spec
      .given([requested(), { type: 'ReservationCancelled', data: { reservationId: 'r1' } }])
      .when(change({ name: 'X' }))
      .thenThrows(NotFound, 'Reservation not found');
  });
});

describe('reservation decider: CancelReservation', () => {
  it('given a reservation, when cancelled, then ReservationCancelled, and the state is cancelled', () => {
    spec
      .given([requested()])
      .when({ type: 'CancelReservation' })
      .then([{ type: 'ReservationCancelled', data: { reservationId: 'r1' } }]);
    expect(spec.given([requested(), { type: 'ReservationCancelled', data: { reservationId: 'r1' } }]).state().status).toBe('cancelled');
  });
  it('given a cancelled or unknown reservation, when cancelled, then 404', () => {
    spec
      .given([requested(), { type: 'ReservationCancelled', data: { reservationId: 'r1' } }])
      .when({ type: 'CancelReservation' })
      .thenThrows(NotFound, 'Reservation not found');
    spec.given([]).when({ type: 'CancelReservation' }).thenThrows(NotFound, 'Reservation not found');
  });
});

describe('reservation decider: cancelled because its date was closed', () => {
  const closure = { reason: 'Holiday break', from: '2026-11-20', to: '2026-11-27' };
  it('given a reservation, when cancelled with a closure, then ReservationCancelled records the closure', () => {
    spec
      .given([requested()])
      .when({ type: 'CancelReservation', closure })
      .then([{ type: 'ReservationCancelled', data: { reservationId: 'r1', closure } }]);
  });
  it('given a cancelled reservation, when cancelled with a closure, then 404 (no second mail)', () => {
    spec
      .given([requested(), { type: 'ReservationCancelled', data: { reservationId: 'r1' } }])
      .when({ type: 'CancelReservation', closure })
      .thenThrows(NotFound, 'Reservation not found');
  });
});
