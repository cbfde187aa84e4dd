import { describe, expect, it } from 'vitest';
import { projectionSpec } from '../../test/projection-spec.js';
import { guestRecord } from './guest-record.js';
import { visitsProjection } from './visits-projection.js';

const spec = projectionSpec(visitsProjection);
const requested = (id: string, date: string, email = 'Ada@Example.com') => ({
  stream: `reservation-${id}`,
  type: 'ReservationRequested',
  data: { reservationId: id, source: 'admin', name: 'Ada', email, phone: '', partySize: 4, date, time: '19:00' },
});
const marked = (id: string, from: string, status: string) => ({
  stream: `reservation-${id}`,
  type: 'ReservationArrivalMarked',
  data: { reservationId: id, from, status },
});

describe('booking_visits: given / when / then', () => {
  it('keeps each booking by its normalised e-mail with its arrival and the changes for the History', () => {
    spec
      .given([requested('r1', '2026-11-18')])
      .when(marked('r1', 'expected', 'no-show'))
      .then((docs) => {
        const doc = docs.get('reservation:r1')!;
        expect(doc).toMatchObject({ email: 'ada@example.com', arrival: 'no-show', state: 'live', walkIn: false });
        expect(doc.entries.map((e) => [e.what, e.changes])).toEqual([
          ['Marked no-show', [{ field: 'arrival', from: 'Expected', to: 'No-show' }]],
        ]);
      });
  });

  it('forgetting the guest blanks the e-mail, so the record can no longer be found by it; the arrival stays', () => {
    spec
      .given([requested('r1', '2026-11-18'), marked('r1', 'expected', 'seated')])
      .when({ stream: 'reservation-r1', type: 'ReservationPersonalDataErased', data: { reservationId: 'r1', guestKey: 'k' } })
      .then((docs) => expect(docs.get('reservation:r1')).toMatchObject({ email: '', arrival: 'seated' }));
  });

  it('a guest record counts visits and no-shows, and lists upcoming bookings', () => {
    spec
      .given([
        requested('r1', '2026-11-10'),
        marked('r1', 'expected', 'finished'),
        requested('r2', '2026-11-12'),
        marked('r2', 'expected', 'no-show'),
        requested('r3', '2026-11-25'),
        requested('r4', '2026-11-26'),
      ])
      .when({ stream: 'reservation-r4', type: 'ReservationCancelled', data: { reservationId: 'r4' } })
      .then((docs) => {
        const record = guestRecord([...docs.values()], '2026-11-18');
        expect(record).toMatchObject({ visits: 1, noShows: 1, cancelled: 1 });
        expect(record.upcoming.map((u) => u.id)).toEqual(['r3']);
        expect(record.past.map((p) => [p.id, p.status])).toEqual([
          ['r2', 'no-show'],
          ['r1', 'finished'],
        ]);
      });
  });
});
