import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { useAdminApp } from '../../test/admin-app.js';
import { signIn, signInAdmin } from '../../test/auth.js';
import { PHONE_EXTENSION_MESSAGE, STALE_VERSION_CODE, STALE_VERSION_MESSAGE } from '@cafe/contracts';
import { bookingEvents, client, reservationBody as valid, type Client } from '../../test/booking-test-kit.js';

const suite = useAdminApp();
const { t } = suite;
const admin = client(t, { headers: suite.admin });
const anonymous = client(t);

const create = async (body: object = {}) => {
  const res = await admin.post('/api/admin/reservations', { ...valid, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; version: number };
};

describe('staff reservation routes: who may call them', () => {
  it('answers 401 to nobody and 403 to a signed-in non-admin, on every staff route', async () => {
    const guest = client(t, await signIn(t, 'guest@example.com'));
    const { id } = await create();
    const calls = [
      (c: Client) => c.get('/api/reservations'),
      (c: Client) => c.post('/api/admin/reservations', valid),
      (c: Client) => c.patch(`/api/reservations/${id}`, { name: 'X' }),
      (c: Client) => c.delete(`/api/reservations/${id}`),
      (c: Client) => c.get(`/api/admin/reservations/${id}/history`),
    ];
    for (const call of calls) {
      expect((await call(anonymous)).statusCode).toBe(401);
      expect((await call(guest)).statusCode).toBe(403);
    }
  });
});

describe('POST /api/admin/reservations (Add New Reservation)', () => {
  it('creates with 201, version 0 and an ETag, recorded as source admin by the admin', async () => {
    const res = await admin.post('/api/admin/reservations', { ...valid, partySize: 1 });
    expect(res.statusCode).toBe(201);
    const { id, version } = res.json();
    expect(version).toBe(0);
    expect(res.headers.etag).toBe('"0"');
    const [event] = await t.runtime.eventStore.readStream(`reservation-${id}`);
    expect(event?.type).toBe('ReservationRequested');
    expect(event?.data).toMatchObject({ source: 'admin', partySize: 1 });
    expect(event?.metadata.actor).toMatchObject({ kind: 'admin', email: 'owner@example.com' });
  });

  it.each([
    ['no name', { name: '' }, 400, 'Name is required'],
    ['a bad email', { email: 'ada@' }, 400, 'Invalid email'],
    ['no date', { date: '' }, 400, 'Date is required'],
    ['no time', { time: '' }, 400, 'Time is required'],
    ['a past date', { date: '2026-11-17' }, 400, 'Reservation date cannot be in the past'],
    ['a foreign phone', { phone: '+44 20 7946 0958' }, 400, 'Invalid phone number'],
    ['an incomplete phone', { phone: '(262) 555' }, 400, 'Please enter a complete 10-digit phone number'],
    ['a phone with an extension', { phone: '262-555-0100 x4' }, 400, PHONE_EXTENSION_MESSAGE],
    ['party size 11', { partySize: 11 }, 400, 'Party size must be between 1 and 10'],
    ['party size 0', { partySize: 0 }, 400, 'Party size must be between 1 and 10'],
    [
      '22:30',
      { time: '22:30' },
      400,
      'We seat guests from 11:00 AM to 10:00 PM on Saturdays (open 11:00 AM – 11:00 PM). Please choose another time.',
    ],
    ['a time off the half hour', { time: '19:15' }, 400, 'Please choose one of the available times for that day'],
  ])('refuses %s with %i "%s" and appends nothing', async (_label, change, status, message) => {
    const before = (await bookingEvents(t)).length;
    const res = await admin.post('/api/admin/reservations', { ...valid, ...change });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect((await bookingEvents(t)).length).toBe(before);
  });

  it('refuses a blocked date with 409 and the closed message', async () => {
    expect((await admin.post('/api/admin/blocked-dates', { date: '2026-12-24', reason: 'Christmas Eve' })).statusCode).toBe(201);
    const res = await admin.post('/api/admin/reservations', { ...valid, date: '2026-12-24', time: '15:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Sorry, we are closed on this date: Christmas Eve');
  });
});

describe('GET /api/reservations', () => {
  it('lists every live reservation, sorted by date then time, each with its version', async () => {
    const fresh = await createTestApp();
    try {
      const c = client(fresh, await signInAdmin(fresh));
      const slots = [
        ['2026-11-22', '18:00'],
        ['2026-11-21', '19:30'],
        ['2026-11-22', '11:00'],
        ['2026-11-21', '11:30'],
        ['2026-11-18', '22:00'],
      ];
      for (const [date, time] of slots) {
        expect((await c.post('/api/admin/reservations', { ...valid, date, time, name: `${date} ${time}` })).statusCode).toBe(201);
      }
      // a visitor's booking shows too
      expect((await c.post('/api/reservations', { ...valid, date: '2026-11-21', time: '15:00', name: 'visitor' })).statusCode).toBe(201);
      const res = await c.get('/api/reservations');
      expect(res.statusCode).toBe(200);
      const list = res.json() as { date: string; time: string; name: string; version: number }[];
      expect(list.map((r) => `${r.date} ${r.time}`)).toEqual([
        '2026-11-18 22:00',
        '2026-11-21 11:30',
        '2026-11-21 15:00',
        '2026-11-21 19:30',
        '2026-11-22 11:00',
        '2026-11-22 18:00',
      ]);
      expect(list.every((r) => r.version === 0)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe('PATCH /api/reservations/{id} (Edit Reservation)', () => {
  it('changes what differs, answers the new version, and the list shows it at once', async () => {
    const { id } = await create();
    const res = await admin.patch(`/api/reservations/${id}`, { ...valid, name: 'Ada King', partySize: 6 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, version: 1 });
    expect(res.headers.etag).toBe('"1"');
    const [, changed] = await t.runtime.eventStore.readStream(`reservation-${id}`);
    expect(changed?.data).toEqual({ reservationId: id, name: 'Ada King', partySize: 6 });
    const row = (await admin.get('/api/reservations')).json().find((r: { id: string }) => r.id === id);
    expect(row).toMatchObject({ name: 'Ada King', partySize: 6, version: 1 });
  });

  it('stores a phone taken down in any spelling as (XXX) XXX-XXXX, on create and on edit', async () => {
    const { id } = await create({ phone: '+1 262-555-0199', date: '2026-12-01', time: '15:00' }); // a slot of its own
    expect((await admin.get(`/api/admin/reservations/${id}`)).json()).toMatchObject({ phone: '(262) 555-0199' });
    expect((await admin.patch(`/api/reservations/${id}`, { phone: '1 (414) 555 0123' })).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/reservations/${id}`)).json()).toMatchObject({ phone: '(414) 555-0123' });
  });

  it('moves to another day and slot, and clears the special requests when sent empty', async () => {
    const { id } = await create();
    const res = await admin.patch(`/api/reservations/${id}`, { date: '2026-11-23', time: '15:00', specialRequests: '' });
    expect(res.statusCode).toBe(200);
    const row = (await admin.get(`/api/admin/reservations/${id}`)).json();
    expect(row).toMatchObject({ date: '2026-11-23', time: '15:00', specialRequests: null });
  });

  it('checks a time-only change against the stored date (11:00 is not a Monday slot)', async () => {
    const { id } = await create({ date: '2026-11-23', time: '15:00' });
    const res = await admin.patch(`/api/reservations/${id}`, { time: '11:00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'We seat guests from 3:00 PM to 10:00 PM on Mondays (open 3:00 PM – 11:00 PM). Please choose another time.',
    );
  });

  it.each([
    ['a past date', { date: '2026-11-17', time: '15:00' }, 400, 'Reservation date cannot be in the past'],
    ['a foreign phone', { phone: '+4420794609' }, 400, 'Invalid phone number'],
    ['an incomplete phone', { phone: '(262)' }, 400, 'Please enter a complete 10-digit phone number'],
    ['a phone with an extension', { phone: '(262) 555-0100 ext. 4' }, 400, PHONE_EXTENSION_MESSAGE],
    ['no time', { time: '' }, 400, 'Time is required'],
    ['no name', { name: '' }, 400, 'Name is required'],
    ['a bad email', { email: 'x' }, 400, 'Invalid email'],
    ['party size 11', { partySize: 11 }, 400, 'Party size must be between 1 and 10'],
  ])('refuses %s with "%s" and appends nothing', async (_label, change, status, message) => {
    const { id } = await create();
    const before = (await bookingEvents(t)).length;
    const res = await admin.patch(`/api/reservations/${id}`, { ...valid, ...change });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect((await bookingEvents(t)).length).toBe(before);
  });

  it('refuses moving onto a blocked date with 409', async () => {
    const { id } = await create();
    await admin.post('/api/admin/blocked-dates', { date: '2026-12-26', reason: 'Inventory' });
    const res = await admin.patch(`/api/reservations/${id}`, { date: '2026-12-26' });
    expect(res.statusCode).toBe(409);
    // No stale-version code: the dashboard shows this message instead of reloading the booking.
    expect(res.json()).toEqual({ message: 'Sorry, we are closed on this date: Inventory' });
  });

  it('honours If-Match: the current version passes ("n", W/"n" or n), a stale one is 409, a malformed one 400', async () => {
    const { id } = await create();
    expect((await admin.patch(`/api/reservations/${id}`, { name: 'One' }, { 'if-match': '"0"' })).statusCode).toBe(200);
    expect((await admin.patch(`/api/reservations/${id}`, { name: 'Two' }, { 'if-match': 'W/"1"' })).statusCode).toBe(200);
    expect((await admin.patch(`/api/reservations/${id}`, { name: 'Three' }, { 'if-match': '2' })).statusCode).toBe(200);
    const stale = await admin.patch(`/api/reservations/${id}`, { name: 'Lost update' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE_VERSION_MESSAGE, code: STALE_VERSION_CODE });
    expect((await admin.patch(`/api/reservations/${id}`, { name: 'X' }, { 'if-match': 'yesterday' })).statusCode).toBe(400);
    expect((await admin.get(`/api/admin/reservations/${id}`)).json().name).toBe('Three');
  });

  it('answers 404 for an unknown id, with or without If-Match', async () => {
    const res = await admin.patch('/api/reservations/no-such-id', { name: 'X' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Reservation not found');
    expect((await admin.patch('/api/reservations/no-such-id', { name: 'X' }, { 'if-match': '"0"' })).statusCode).toBe(404);
  });

  it('refuses a staff write without the site Origin (403)', async () => {
    const { id } = await create();
    const auth = await signInAdmin(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/reservations/${id}`,
      headers: { cookie: auth.cookie },
      payload: { name: 'X' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/reservations/{id}', () => {
  it('cancels: ReservationCancelled, gone from the list, a second delete is 404, the history stays', async () => {
    const { id } = await create();
    const res = await admin.delete(`/api/reservations/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, version: 1 });
    const events = await t.runtime.eventStore.readStream(`reservation-${id}`);
    expect(events.map((e) => e.type)).toEqual(['ReservationRequested', 'ReservationCancelled']);
    expect((await admin.get('/api/reservations')).json().some((r: { id: string }) => r.id === id)).toBe(false);
    expect((await admin.delete(`/api/reservations/${id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/admin/reservations/${id}`)).statusCode).toBe(404);
    const history = (await admin.get(`/api/admin/reservations/${id}/history`)).json();
    expect(history.active).toBe(false);
    expect(history.events.map((e: { type: string }) => e.type)).toEqual(['ReservationRequested', 'ReservationCancelled']);
  });

  it('with a stale If-Match is 409 and cancels nothing', async () => {
    const { id } = await create();
    await admin.patch(`/api/reservations/${id}`, { name: 'Changed' });
    expect((await admin.delete(`/api/reservations/${id}`, { 'if-match': '"0"' })).statusCode).toBe(409);
    expect((await admin.get(`/api/admin/reservations/${id}`)).statusCode).toBe(200);
  });
});
