import { describe, expect, it } from 'vitest';
import { isEventDate, isOccurrenceOf, occurrenceDates, type EventOccurrenceEvent, type EventSignUpEvent } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { Conflict, DateClosed, NotFound } from '../platform/commands/domain-errors.js';
import { occurrenceDecider } from './occurrence-decider.js';
import { signUpDecider } from './sign-up-decider.js';

const ref = (signUpId: string) => ({ signUpId, eventId: 'e1', date: '2026-11-20' });
const taken = (id: string, places: number): EventOccurrenceEvent => ({ type: 'EventPlacesTaken', data: { ...ref(id), places } });
const waiting = (id: string, places: number): EventOccurrenceEvent => ({ type: 'EventWaitlistJoined', data: { ...ref(id), places } });

describe('occurrence decider: places and the waitlist of one date', () => {
  const spec = deciderSpec(occurrenceDecider, WEDNESDAY);

  it('given places left, when a sign-up fits, then its places are taken', () => {
    spec
      .given([taken('a', 10)])
      .when({ type: 'PlaceSignUp', ref: ref('b'), places: 2, capacity: 12, closed: null })
      .then([taken('b', 2)]);
  });

  it('given too few places left, when a sign-up does not fit, then it joins the waitlist', () => {
    spec
      .given([taken('a', 11)])
      .when({ type: 'PlaceSignUp', ref: ref('b'), places: 2, capacity: 12, closed: null })
      .then([waiting('b', 2)]);
  });

  it('given places left but others waiting, when a new sign-up fits, then it still joins the waitlist (first come, first served)', () => {
    spec
      .given([taken('a', 8), waiting('b', 4)])
      .when({ type: 'PlaceSignUp', ref: ref('c'), places: 1, capacity: 10, closed: null })
      .then([waiting('c', 1)]);
  });

  it('given a waitlist, when staff raise the capacity, then the waitlisted that fit are promoted in order', () => {
    spec
      .given([taken('a', 12), waiting('b', 2), waiting('c', 4), waiting('d', 1)])
      .when({ type: 'PromoteWaitlist', eventId: 'e1', date: '2026-11-20', capacity: 15 })
      .then([
        { type: 'EventWaitlistPromoted', data: { ...ref('b'), places: 2 } },
        { type: 'EventWaitlistPromoted', data: { ...ref('d'), places: 1 } },
      ]);
    spec
      .given([taken('a', 12), waiting('b', 2)])
      .when({ type: 'PromoteWaitlist', eventId: 'e1', date: '2026-11-20', capacity: 12 })
      .thenNothing();
  });

  it('given places left, when a sign-up asks for a day the café is closed, then it is refused with the closure reason', () => {
    spec
      .given([taken('a', 1)])
      .when({ type: 'PlaceSignUp', ref: ref('b'), places: 1, capacity: 12, closed: 'Staff training day' })
      .thenThrows(DateClosed, 'Sorry, we are closed on this date: Staff training day');
  });

  it('given a sign-up already placed, when placed again, then it is refused', () => {
    spec
      .given([taken('a', 1)])
      .when({ type: 'PlaceSignUp', ref: ref('a'), places: 1, capacity: 12, closed: null })
      .thenThrows(Conflict, 'This sign-up already holds a place');
  });

  it('given a full date and a waitlist, when a confirmed sign-up leaves, then the first waitlisted that fit are promoted in order', () => {
    spec
      .given([taken('a', 3), taken('b', 9), waiting('c', 4), waiting('d', 2), waiting('e', 1)])
      .when({ type: 'ReleaseSignUp', ref: ref('a'), capacity: 12 })
      .then([
        { type: 'EventPlacesReleased', data: { ...ref('a'), places: 3, from: 'confirmed' } },
        { type: 'EventWaitlistPromoted', data: { ...ref('d'), places: 2 } },
        { type: 'EventWaitlistPromoted', data: { ...ref('e'), places: 1 } },
      ]);
  });

  it('given a waitlisted sign-up, when it leaves, then only the waitlist shortens', () => {
    spec
      .given([taken('a', 12), waiting('b', 1)])
      .when({ type: 'ReleaseSignUp', ref: ref('b'), capacity: 12 })
      .then([{ type: 'EventPlacesReleased', data: { ...ref('b'), places: 1, from: 'waitlisted' } }]);
    expect(
      spec
        .given([taken('a', 12), waiting('b', 1), waiting('c', 2)])
        .state()
        .waitlist.map((w) => w.signUpId),
    ).toEqual(['b', 'c']);
  });
});

describe("occurrence decider: places within the café's seats (seats: what the tables leave the event)", () => {
  const spec = deciderSpec(occurrenceDecider, WEDNESDAY);
  const promoted = (id: string, places: number): EventOccurrenceEvent => ({ type: 'EventWaitlistPromoted', data: { ...ref(id), places } });

  it('given 40 of 48 places taken and 42 seats the tables leave, when 3 sign up, then they wait (seats full); 2 are taken', () => {
    spec
      .given([taken('a', 40)])
      .when({ type: 'PlaceSignUp', ref: ref('b'), places: 3, capacity: 48, closed: null, seats: 42 })
      .then([waiting('b', 3)]);
    spec
      .given([taken('a', 40)])
      .when({ type: 'PlaceSignUp', ref: ref('b'), places: 2, capacity: 48, closed: null, seats: 42 })
      .then([taken('b', 2)]);
  });

  it('given tables over the seats already (seats below places taken), when anyone signs up, then they wait', () => {
    spec
      .given([taken('a', 10)])
      .when({ type: 'PlaceSignUp', ref: ref('b'), places: 1, capacity: 48, closed: null, seats: 8 })
      .then([waiting('b', 1)]);
  });

  it('given sign-ups waiting for seats and a table gone since, when the next guest signs up, then those waiting fit first, in order', () => {
    spec
      .given([taken('a', 40), waiting('b', 3), waiting('c', 2)])
      .when({ type: 'PlaceSignUp', ref: ref('d'), places: 1, capacity: 48, closed: null, seats: 44 })
      .then([promoted('b', 3), waiting('d', 1)]);
    spec
      .given([taken('a', 40), waiting('b', 3), waiting('c', 2)])
      .when({ type: 'PlaceSignUp', ref: ref('d'), places: 1, capacity: 48, closed: null, seats: 48 })
      .then([promoted('b', 3), promoted('c', 2), taken('d', 1)]);
  });

  it('given a cancellation, when its places go to the waitlist, then only as many as the seats allow', () => {
    spec
      .given([taken('a', 4), taken('b', 36), waiting('c', 4), waiting('d', 2)])
      .when({ type: 'ReleaseSignUp', ref: ref('a'), capacity: 48, seats: 38 })
      .then([{ type: 'EventPlacesReleased', data: { ...ref('a'), places: 4, from: 'confirmed' } }, promoted('d', 2)]);
  });

  it('given a waitlist, when staff move the night to a quieter time (more seats), then those that now fit are promoted', () => {
    spec
      .given([taken('a', 40), waiting('b', 4)])
      .when({ type: 'PromoteWaitlist', eventId: 'e1', date: '2026-11-20', capacity: 48, seats: 44 })
      .then([promoted('b', 4)]);
    spec
      .given([taken('a', 40), waiting('b', 4)])
      .when({ type: 'PromoteWaitlist', eventId: 'e1', date: '2026-11-20', capacity: 48, seats: 43 })
      .thenNothing();
  });
});

describe('sign-up decider: one guest’s sign-up', () => {
  const spec = deciderSpec(signUpDecider, WEDNESDAY);
  const guest = { name: 'Ada', email: 'ada@example.com', phone: '(262) 555-0101' };
  const signedUp = (status: 'confirmed' | 'waitlisted'): EventSignUpEvent => ({
    type: 'EventSignedUp',
    data: { ...ref('s1'), ...guest, places: 2, status },
  });

  it('given nothing, when signed up, then EventSignedUp with the status the occurrence decided', () => {
    spec
      .given([])
      .when({ type: 'SignUp', ref: ref('s1'), guest, places: 2, status: 'waitlisted' })
      .then([signedUp('waitlisted')]);
  });

  it('given a waitlisted sign-up, when promoted, then confirmed; a confirmed one is not promoted again', () => {
    spec
      .given([signedUp('waitlisted')])
      .when({ type: 'PromoteSignUp' })
      .then([{ type: 'EventSignUpPromoted', data: ref('s1') }]);
    spec
      .given([signedUp('confirmed')])
      .when({ type: 'PromoteSignUp' })
      .thenThrows(Conflict, 'Only a waitlisted sign-up can be promoted');
  });

  it('given a sign-up, when cancelled, then cancelled with who and what it was; twice is refused', () => {
    spec
      .given([signedUp('confirmed')])
      .when({ type: 'CancelSignUp', by: 'guest' })
      .then([{ type: 'EventSignUpCancelled', data: { ...ref('s1'), by: 'guest', was: 'confirmed' } }]);
    spec
      .given([signedUp('confirmed'), { type: 'EventSignUpCancelled', data: { ...ref('s1'), by: 'guest', was: 'confirmed' } }])
      .when({ type: 'CancelSignUp', by: 'staff' })
      .thenThrows(Conflict, 'This sign-up was already cancelled');
    spec.given([]).when({ type: 'CancelSignUp', by: 'staff' }).thenThrows(NotFound, 'Sign-up not found');
  });

  it('given a confirmed sign-up, when checked in, then once; a waitlisted one is refused', () => {
    spec
      .given([signedUp('confirmed')])
      .when({ type: 'CheckInSignUp' })
      .then([{ type: 'EventSignUpCheckedIn', data: ref('s1') }]);
    spec
      .given([signedUp('confirmed'), { type: 'EventSignUpCheckedIn', data: ref('s1') }])
      .when({ type: 'CheckInSignUp' })
      .thenNothing();
    spec
      .given([signedUp('waitlisted')])
      .when({ type: 'CheckInSignUp' })
      .thenThrows(Conflict, 'Only a confirmed sign-up can be checked in');
  });

  it('given a sign-up, when its guest is forgotten, then erased once', () => {
    const erased: EventSignUpEvent = { type: 'EventSignUpPersonalDataErased', data: { signUpId: 's1', guestKey: 'k' } };
    spec
      .given([signedUp('confirmed')])
      .when({ type: 'EraseSignUpPersonalData', guestKey: 'k' })
      .then([erased]);
    spec
      .given([signedUp('confirmed'), erased])
      .when({ type: 'EraseSignUpPersonalData', guestKey: 'k' })
      .thenNothing();
    expect(spec.given([signedUp('confirmed'), erased]).state()).toMatchObject({
      guest: { name: 'Personal data erased', email: '', phone: '' },
    });
  });
});

describe('occurrence dates', () => {
  it('a single date, weekly from the first date, monthly on the same weekday of the month', () => {
    expect(occurrenceDates('2026-11-20', null, '2026-11-18')).toEqual(['2026-11-20']);
    expect(occurrenceDates('2026-11-20', null, '2026-11-21')).toEqual([]);
    expect(occurrenceDates('2026-10-02', 'weekly', '2026-11-18', 3)).toEqual(['2026-11-20', '2026-11-27', '2026-12-04']);
    // The 2nd Saturday of each month.
    expect(occurrenceDates('2026-12-12', 'monthly', '2026-11-18', 3)).toEqual(['2026-12-12', '2027-01-09', '2027-02-13']);
    // A 5th Friday: only the months that have one.
    expect(occurrenceDates('2026-10-30', 'monthly', '2026-10-01', 3)).toEqual(['2026-10-30', '2027-01-29', '2027-04-30']);
  });

  it('a monthly event first dated months or years ago still lists its next dates from today, as many as asked', () => {
    // First the 2nd Saturday of January; today 20 March: the next is 11 April.
    expect(occurrenceDates('2026-01-10', 'monthly', '2026-03-20', 1)).toEqual(['2026-04-11']);
    expect(occurrenceDates('2026-01-10', 'monthly', '2026-03-20')).toHaveLength(6);
    // A date 16+ months out still has its 6 dates (sign-ups are checked against these).
    expect(occurrenceDates('2026-01-10', 'monthly', '2027-05-20')).toEqual([
      '2027-06-12',
      '2027-07-10',
      '2027-08-14',
      '2027-09-11',
      '2027-10-09',
      '2027-11-13',
    ]);
    expect(isOccurrenceOf('2026-01-10', 'monthly', '2027-06-12', '2027-05-20')).toBe(true);
    // Years later, a 5th Friday still finds its months.
    expect(occurrenceDates('2020-01-31', 'monthly', '2030-01-01', 6)).toHaveLength(6);
  });

  it('a weekly event first dated years ago lists its next dates without walking every week', () => {
    expect(occurrenceDates('2016-11-18', 'weekly', '2026-11-19', 2)).toEqual(['2026-11-20', '2026-11-27']);
  });

  it('dates are calendar dates in the café zone: a weekly date stays on its weekday across a DST change', () => {
    // Europe and the US change their clocks on 29 March and 8 March 2026, 25 October and 1 November.
    expect(occurrenceDates('2026-03-01', 'weekly', '2026-03-01', 6)).toEqual([
      '2026-03-01',
      '2026-03-08',
      '2026-03-15',
      '2026-03-22',
      '2026-03-29',
      '2026-04-05',
    ]);
    expect(occurrenceDates('2026-10-24', 'weekly', '2026-10-24', 3)).toEqual(['2026-10-24', '2026-10-31', '2026-11-07']);
  });

  it("whether a date is one of the event's dates at all, however far out (a moved or changed event)", () => {
    expect(isEventDate('2026-01-10', 'monthly', '2028-01-08')).toBe(true);
    expect(isEventDate('2026-01-10', 'monthly', '2028-01-15')).toBe(false);
    expect(isEventDate('2026-01-10', 'monthly', '2025-12-13')).toBe(false);
    expect(isEventDate('2026-01-10', 'weekly', '2030-01-05')).toBe(true);
    expect(isEventDate('2026-01-10', 'weekly', '2030-01-06')).toBe(false);
    expect(isEventDate('2026-01-10', null, '2026-01-10')).toBe(true);
    expect(isEventDate('2026-01-10', null, '2026-01-17')).toBe(false);
  });
});
