import { describe, expect, it } from 'vitest';
import { projectionSpec } from '../../test/projection-spec.js';
import { bookingSearchProjection, searchDocId } from './booking-search-projection.js';
import { orderHits, searchFilter } from './booking-search-routes.js';
import { Query } from '../platform/document-store/mingo-query.js';

const requested = {
  stream: 'reservation-r1',
  type: 'ReservationRequested',
  data: {
    reservationId: 'r1',
    source: 'public',
    name: 'Zoë  Ünal',
    email: 'Zoe.Unal@Example.com',
    phone: '(608) 555-1234',
    partySize: 4,
    date: '2026-11-28',
    time: '18:00',
  },
};
const spec = projectionSpec(bookingSearchProjection);
const id = searchDocId('reservation', 'r1');

describe('booking_search projection', () => {
  it('given nothing, when a reservation is requested, then its keys are normalized: lower case, no accents, phone digits', () => {
    spec.given([]).when(requested).thenDocument(id, {
      status: 'booked',
      nameKey: 'zoe unal',
      emailKey: 'zoe.unal@example.com',
      phoneKey: '6085551234',
    });
  });

  it('given a reservation, when its phone changes, then the new digits are its key', () => {
    spec
      .given([requested])
      .when({ stream: 'reservation-r1', type: 'ReservationChanged', data: { reservationId: 'r1', phone: '(414) 555-0000' } })
      .thenDocument(id, { phone: '(414) 555-0000', phoneKey: '4145550000', name: 'Zoë  Ünal' });
  });

  it('given a reservation, when it is cancelled, then it stays findable, as cancelled', () => {
    spec
      .given([requested])
      .when({ stream: 'reservation-r1', type: 'ReservationCancelled', data: { reservationId: 'r1' } })
      .thenDocument(id, { status: 'cancelled' });
  });

  it("given a reservation, when the guest's personal data is erased, then it leaves the search read model", () => {
    spec
      .given([requested])
      .when({ stream: 'reservation-r1', type: 'ReservationPersonalDataErased', data: { reservationId: 'r1', guestKey: 'k' } })
      .thenNoDocument(id);
  });
});

describe('booking_search: what happened, and event sign-ups', () => {
  const marked = (status: string) => ({
    stream: 'reservation-r1',
    type: 'ReservationArrivalMarked',
    data: { reservationId: 'r1', status, from: 'expected' },
  });
  const signedUp = {
    stream: 'eventSignUp-s1',
    type: 'EventSignedUp',
    data: {
      signUpId: 's1',
      eventId: 'e1',
      date: '2026-11-20',
      name: 'Sita Signup',
      email: 'Sita@Example.com',
      phone: '(262) 555-7001',
      places: 2,
      status: 'waitlisted',
    },
  };
  const sid = searchDocId('sign-up', 's1');
  const ref = { signUpId: 's1', eventId: 'e1', date: '2026-11-20' };

  it('given a reservation, when it is marked no-show, then it says so; marked back to expected, it does not', () => {
    spec.given([requested]).when(marked('no-show')).thenDocument(id, { status: 'booked', arrival: 'no-show' });
    spec
      .given([requested, marked('no-show')])
      .when(marked('expected'))
      .then((docs) => expect(docs.get(id)).not.toHaveProperty('arrival'));
  });

  it('given nothing, when a guest signs up for a game night, then the sign-up is findable by its keys with its event and places', () => {
    spec.given([]).when(signedUp).thenDocument(sid, {
      kind: 'sign-up',
      eventId: 'e1',
      partySize: 2,
      status: 'waitlisted',
      nameKey: 'sita signup',
      emailKey: 'sita@example.com',
      phoneKey: '2625557001',
    });
  });

  it('given a waitlisted sign-up, when it is promoted and checked in, then it is confirmed and checked in', () => {
    spec
      .given([signedUp, { stream: 'eventSignUp-s1', type: 'EventSignUpPromoted', data: ref }])
      .when({ stream: 'eventSignUp-s1', type: 'EventSignUpCheckedIn', data: ref })
      .thenDocument(sid, { status: 'confirmed', checkedIn: true });
  });

  it("given a sign-up, when the guest's personal data is erased, then it leaves the search read model", () => {
    spec
      .given([signedUp])
      .when({ stream: 'eventSignUp-s1', type: 'EventSignUpPersonalDataErased', data: { signUpId: 's1', guestKey: 'k' } })
      .thenNoDocument(sid);
  });
});

describe('the search query', () => {
  const docs = new Map<string, Record<string, unknown>>();
  spec
    .given([requested])
    .when({ ...requested, stream: 'reservation-r2', data: { ...requested.data, reservationId: 'r2', name: 'Al', email: 'al@example.com' } })
    .then((d) => {
      for (const [key, doc] of d) docs.set(key, doc);
    });
  const matches = (q: string) => [...docs.values()].filter((doc) => new Query(searchFilter(q)).test(doc)).map((doc) => doc.id);

  it('matches part of a name or e-mail whatever the case and accents, and phone digits whatever the formatting', () => {
    expect(matches('ZOË')).toEqual(['r1']);
    expect(matches('unal@ex')).toEqual(['r1']);
    expect(matches('555 12')).toEqual(['r1', 'r2']);
    expect(matches('(608)555')).toEqual(['r1', 'r2']);
    expect(matches('a.b*')).toEqual([]);
  });

  it('orders upcoming soonest first, then past latest first, then cancelled', () => {
    const doc = (id: string, date: string, status = 'booked') => ({ _id: id, id, date, time: '12:00', status }) as never;
    const order = orderHits(
      [
        doc('old', '2026-01-01'),
        doc('x', '2026-12-20', 'cancelled'),
        doc('soon', '2026-11-20'),
        doc('late', '2026-12-24'),
        doc('recent', '2026-11-10'),
      ],
      '2026-11-18',
    );
    expect(order.map((d: { id: string }) => d.id)).toEqual(['soon', 'late', 'recent', 'old', 'x']);
  });
});
