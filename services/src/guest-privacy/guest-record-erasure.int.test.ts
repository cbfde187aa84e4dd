import { describe, expect, it } from 'vitest';
import { GUEST_RECORD_NOT_FOUND, type GuestRecord } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { client, reservationBody } from '../../test/booking-test-kit.js';

/** Wednesday 2026-11-18, 7:10 PM in Chicago. */
const EVENING = '2026-11-19T01:10:00.000Z';

describe("forget erases the guest's record (visits, no-shows, upcoming)", () => {
  const suite = useAdminApp({ now: EVENING });
  const admin = client(suite.t, { headers: suite.admin });
  const email = 'kim.regular@example.com';

  it('finds the record before, and nothing by that address after; another guest keeps theirs', async () => {
    const book = async (over: object) => {
      const res = await admin.post('/api/admin/reservations', { ...reservationBody, email, date: '2026-11-18', ...over });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string };
    };
    const came = await book({ time: '19:30' });
    const missed = await book({ time: '20:00' });
    await book({ date: '2026-11-21', time: '11:00' });
    const otto = await book({ email: 'otto.other@example.com', time: '19:30' });
    expect((await admin.patch(`/api/admin/reservations/${came.id}/arrival`, { status: 'arrived' })).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/reservations/${missed.id}/arrival`, { status: 'no-show' })).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/reservations/${otto.id}/arrival`, { status: 'seated' })).statusCode).toBe(200);

    const before = await admin.get(`/api/admin/guests/record?email=${email}`);
    expect(before.json()).toMatchObject({ visits: 1, noShows: 1 } satisfies Partial<GuestRecord>);
    expect((before.json() as GuestRecord).upcoming).toHaveLength(1);

    const forgot = await admin.post('/api/admin/privacy/forget', { email });
    expect(forgot.statusCode, forgot.body).toBe(200);
    expect(forgot.json()).toMatchObject({ reservations: 3 });

    const after = await admin.get(`/api/admin/guests/record?email=${email}`);
    expect(after.statusCode).toBe(404);
    expect(after.json().message).toBe(GUEST_RECORD_NOT_FOUND);
    expect(after.body).not.toContain(email);
    // The booking stays (counts, arrival): its record just no longer names the guest.
    const day = (await admin.get('/api/admin/arrivals?date=2026-11-18')).json() as { bookings: { id: string; status: string }[] };
    expect(day.bookings).toContainEqual(expect.objectContaining({ id: came.id, status: 'arrived' }));
    const ottos = await admin.get('/api/admin/guests/record?email=otto.other@example.com');
    expect(ottos.json()).toMatchObject({ visits: 1, noShows: 0 });
  });

  it('after a restart the record is still gone', async () => {
    const { t } = suite;
    const restarted = await t.restart();
    try {
      const again = client(restarted, { headers: suite.admin });
      expect((await again.get(`/api/admin/guests/record?email=${email}`)).statusCode).toBe(404);
    } finally {
      await restarted.close();
    }
  });
});
