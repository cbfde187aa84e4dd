import { describe, expect, it } from 'vitest';
import { occurrenceDates, type EventOccurrenceEvent, type EventSignUpEvent } from '@cafe/contracts';
import { deciderSpec, WEDNESDAY } from '../../test/decider-spec.js';
import { Conflict, NotFound } from '../platform/commands/domain-errors.js';
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
      .when({ type: 'PlaceSignUp', ref: ref('b'), places: 2, capacity: 12 })
      .then([taken('b', 2)]);
  });

  it('given too few places left, when a sign-up does not fit, then it joins the waitlist', () => {
    spec
      .given([taken('a', 11)])
      .when({ type: 'PlaceSignUp', ref: ref('b'), places: 2, capacity: 12 })
      .then([waiting('b', 2)]);
  });

  it('given a sign-up already placed, when placed again, then it is refused', () => {
    spec
      .given([taken('a', 1)])
      .when({ type: 'PlaceSignUp', ref: ref('a'), places: 1, capacity: 12 })
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
});
