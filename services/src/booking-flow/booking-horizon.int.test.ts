import { afterEach, describe, expect, it } from 'vitest';
import { publicPartyBookingSchema, publicReservationSchema } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { bookingEvents, client, partyBody, reservationBody } from '../../test/booking-test-kit.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

// The test clock's café-local today is Wednesday 2026-11-18.
const HORIZON_MESSAGE = 'Bookings can be made at most 365 days ahead: please choose a date on or before Thursday, November 18, 2027';

describe('the booking horizon', () => {
  it('refuses a public reservation or party booking for 9999-12-31 with a clear message, and stores nothing', async () => {
    t = await createTestApp();
    const visitor = client(t);
    const reservation = await visitor.post('/api/reservations', { ...reservationBody, date: '9999-12-31', time: '15:00' });
    expect(reservation.statusCode).toBe(400);
    expect(reservation.json().message).toBe(HORIZON_MESSAGE);
    const party = await visitor.post('/api/party-bookings', { ...partyBody, date: '9999-12-31', time: '15:00' });
    expect(party.statusCode).toBe(400);
    expect(party.json().message).toBe(HORIZON_MESSAGE);
    expect(await bookingEvents(t)).toHaveLength(0);
  });

  it('accepts the last day of the horizon (today + 365) and refuses the day after', async () => {
    t = await createTestApp();
    const visitor = client(t);
    expect((await visitor.post('/api/reservations', { ...reservationBody, date: '2027-11-18', time: '15:00' })).statusCode).toBe(201);
    const after = await visitor.post('/api/reservations', { ...reservationBody, date: '2027-11-19', time: '15:00' });
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe(HORIZON_MESSAGE);
  });

  it('is configurable with BOOKING_HORIZON_DAYS', async () => {
    t = await createTestApp({ env: { BOOKING_HORIZON_DAYS: '30' } });
    const visitor = client(t);
    expect((await visitor.post('/api/reservations', { ...reservationBody, date: '2026-12-18', time: '15:00' })).statusCode).toBe(201);
    const after = await visitor.post('/api/party-bookings', { ...partyBody, date: '2026-12-19', time: '15:00' });
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe(
      'Bookings can be made at most 30 days ahead: please choose a date on or before Friday, December 18, 2026',
    );
  });

  it('applies to staff: a new booking or a booking moved past the horizon is refused, other edits of it are not', async () => {
    t = await createTestApp();
    const staff = client(t, await signInAdmin(t));
    const create = await staff.post('/api/admin/reservations', { ...reservationBody, date: '2030-01-05', time: '15:00' });
    expect(create.statusCode).toBe(400);
    expect(create.json().message).toBe(HORIZON_MESSAGE);
    const created = await staff.post('/api/admin/reservations', reservationBody);
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json();
    const moved = await staff.patch(`/api/reservations/${id}`, { date: '2030-01-05', time: '15:00' }, { 'if-match': `"${version}"` });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(HORIZON_MESSAGE);
    const party = await client(t).post('/api/party-bookings', partyBody);
    const partyMoved = await staff.patch(
      `/api/party-bookings/${party.json().id}/details`,
      { date: '2030-01-05', time: '15:00' },
      { 'if-match': `"${party.json().version}"` },
    );
    expect(partyMoved.statusCode).toBe(400);
    expect(partyMoved.json().message).toBe(HORIZON_MESSAGE);
  });

  it('is the same rule in the browser: the public forms refuse the date with the same message', () => {
    const reservation = publicReservationSchema('2026-11-18').safeParse({ ...reservationBody, date: '9999-12-31', time: '15:00' });
    expect(reservation.success).toBe(false);
    expect(reservation.error?.issues.map((i) => i.message)).toContain(HORIZON_MESSAGE);
    const party = publicPartyBookingSchema('2026-11-18').safeParse({ ...partyBody, date: '2027-11-19', time: '15:00' });
    expect(party.error?.issues.map((i) => i.message)).toContain(HORIZON_MESSAGE);
  });
});
