import { describe, expect, it } from 'vitest';
import {
  ARRIVAL_BEFORE_DAY_MESSAGE,
  DEFAULT_OPENING_HOURS,
  RESERVATION_NOT_FOUND,
  WALK_IN_CLOSED_MESSAGE,
  arrivalAlreadyMessage,
  arrivalTransitionMessage,
  type ArrivalStatus,
  type ReservationArrivalEvent,
  type ReservationDetails,
} from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { Conflict, DateClosed, NotFound } from '../platform/commands/domain-errors.js';
import { reservationDecider, type ReservationCommand, type ReservationStreamEvent } from './reservation-decider.js';
import { reservationKind } from './reservation-kind.js';

const spec = deciderSpec(reservationDecider, WEDNESDAY);
const details: ReservationDetails = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '(262) 555-0100',
  partySize: 4,
  date: WEDNESDAY.today,
  time: '18:00',
};
const requested = (over: Partial<ReservationDetails> = {}): ReservationStreamEvent => ({
  type: 'ReservationRequested',
  data: { reservationId: 'r1', source: 'admin', ...details, ...over },
});
const marked = (from: ArrivalStatus, status: ArrivalStatus): ReservationArrivalEvent => ({
  type: 'ReservationArrivalMarked',
  data: { reservationId: 'r1', status, from },
});
const mark = (status: ArrivalStatus): ReservationCommand => ({ type: 'MarkReservationArrival', status });

describe('reservation arrival: given / when / then', () => {
  it.each([
    ['expected', 'arrived'],
    ['expected', 'seated'],
    ['expected', 'no-show'],
    ['arrived', 'seated'],
    ['seated', 'finished'],
    // and back, to undo
    ['arrived', 'expected'],
    ['seated', 'arrived'],
    ['finished', 'seated'],
    ['no-show', 'expected'],
    ['no-show', 'arrived'],
  ] as const)('%s → %s is recorded with where it came from', (from, to) => {
    const given = from === 'expected' ? [requested()] : [requested(), marked('expected', from)];
    spec
      .given(given)
      .when(mark(to))
      .then([marked(from, to)]);
  });

  it.each([
    ['expected', 'finished'],
    ['finished', 'no-show'],
    ['finished', 'expected'],
  ] as const)('%s → %s is refused (409) with the contract message', (from, to) => {
    const given = from === 'expected' ? [requested()] : [requested(), marked('expected', 'seated'), marked('seated', from)];
    spec.given(given).when(mark(to)).thenThrows(Conflict, arrivalTransitionMessage(from, to));
  });

  it('refuses the status it already has', () => {
    spec
      .given([requested(), marked('expected', 'arrived')])
      .when(mark('arrived'))
      .thenThrows(Conflict, arrivalAlreadyMessage('arrived'));
  });

  it('refuses arriving before the day of the booking', () => {
    spec
      .given([requested({ date: '2026-11-21' })])
      .when(mark('arrived'))
      .thenThrows(Conflict, ARRIVAL_BEFORE_DAY_MESSAGE);
  });

  it('refuses a cancelled or unknown reservation as not found', () => {
    spec
      .given([requested(), { type: 'ReservationCancelled', data: { reservationId: 'r1' } }])
      .when(mark('arrived'))
      .thenThrows(NotFound, RESERVATION_NOT_FOUND);
    spec.given([]).when(mark('arrived')).thenThrows(NotFound, RESERVATION_NOT_FOUND);
  });

  it('a no-show gives its seats back; undoing it takes them again', () => {
    const noShow = spec.given([requested(), marked('expected', 'no-show')]).state();
    expect(reservationKind.seats(noShow)).toBeNull();
    const back = spec.given([requested(), marked('expected', 'no-show'), marked('no-show', 'expected')]).state();
    expect(reservationKind.seats(back)).toEqual({ date: details.date, time: '18:00', partySize: 4, hold: true });
    const seated = spec.given([requested(), marked('expected', 'seated')]).state();
    expect(reservationKind.seats(seated)?.hold).toBe(true);
  });
});

describe('walk-in: given / when / then', () => {
  const walkIn = (partySize = 3, name?: string, closedReason: string | null = null): ReservationCommand => ({
    type: 'AddWalkIn',
    reservationId: 'w1',
    partySize,
    ...(name ? { name } : {}),
    closedReason,
    hours: DEFAULT_OPENING_HOURS,
  });
  // Wednesday 2026-11-18, 7:10 PM in Chicago: the walk-in takes the 7:00 PM slot.
  const evening = deciderSpec(reservationDecider, { ...WEDNESDAY, now: new Date('2026-11-19T01:10:00.000Z') });

  it('is booked today at the slot holding now and seated, in one decision; the name is optional', () => {
    evening
      .given([])
      .when(walkIn())
      .then([
        {
          type: 'ReservationRequested',
          data: {
            reservationId: 'w1',
            source: 'admin',
            name: 'Walk-in',
            email: '',
            phone: '',
            partySize: 3,
            date: '2026-11-18',
            time: '19:00',
          },
        },
        { type: 'ReservationArrivalMarked', data: { reservationId: 'w1', status: 'seated', from: 'expected', walkIn: true } },
      ]);
  });

  it('is refused before the café seats guests (10 AM on a weekday) and on a blocked day', () => {
    spec.given([]).when(walkIn()).thenThrows(Conflict, WALK_IN_CLOSED_MESSAGE);
    evening
      .given([])
      .when(walkIn(3, undefined, 'Private event'))
      .thenThrows(DateClosed, 'Sorry, we are closed on this date: Private event');
  });
});

describe('reservation arrival when the booking moves: given / when / then', () => {
  const move = (changes: Partial<ReservationDetails>): ReservationCommand => ({
    type: 'ChangeReservation',
    changes,
    closedReason: null,
    hours: DEFAULT_OPENING_HOURS,
  });

  it('a no-show moved to tomorrow is expected again, in the same decision (so it claims seats tomorrow)', () => {
    spec
      .given([requested(), marked('expected', 'no-show')])
      .when(move({ date: '2026-11-19' }))
      .then([{ type: 'ReservationChanged', data: { reservationId: 'r1', date: '2026-11-19' } }, marked('no-show', 'expected')]);
  });

  it('a seated booking moved to another time is expected again', () => {
    spec
      .given([requested(), marked('expected', 'seated')])
      .when(move({ time: '19:00' }))
      .then([{ type: 'ReservationChanged', data: { reservationId: 'r1', time: '19:00' } }, marked('seated', 'expected')]);
  });

  it('a size or name change keeps the arrival; an unmarked booking moved gets no arrival event', () => {
    spec
      .given([requested(), marked('expected', 'arrived')])
      .when(move({ partySize: 5 }))
      .then([{ type: 'ReservationChanged', data: { reservationId: 'r1', partySize: 5 } }]);
    spec
      .given([requested()])
      .when(move({ date: '2026-11-19' }))
      .then([{ type: 'ReservationChanged', data: { reservationId: 'r1', date: '2026-11-19' } }]);
  });

  it('the moved no-show holds its seats on the new day', () => {
    const state = [
      requested(),
      marked('expected', 'no-show'),
      { type: 'ReservationChanged', data: { reservationId: 'r1', date: '2026-11-19' } } as ReservationStreamEvent,
      marked('no-show', 'expected'),
    ].reduce(reservationDecider.evolve, reservationDecider.initialState());
    expect(reservationKind.seats(state)).toEqual({ date: '2026-11-19', time: '18:00', partySize: 4, hold: true });
  });
});
