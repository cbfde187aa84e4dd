import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingHistory } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signIn, signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';

let t: TestApp;
let admin: Client;
let visitor: Client;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-01T18:00:00.000Z' }); // Sunday noon CST
  admin = client(t, await signInAdmin(t, 'owner@example.com'));
  visitor = client(t);
});
afterAll(async () => {
  await t.close();
});

const historyOf = async (url: string) => {
  const res = await admin.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BookingHistory;
};

describe('GET /api/admin/reservations/{id}/history', () => {
  it('lists every event: what, when in the café zone (CST, then CDT), who, what changed', async () => {
    const { id } = (await visitor.post('/api/reservations', { ...reservationBody, date: '2026-03-14', time: '11:00' })).json();
    t.clock.set('2026-03-10T15:00:00.000Z'); // Tuesday 10:00 CDT, after the DST change
    expect(
      (await admin.patch(`/api/reservations/${id}`, { ...reservationBody, date: '2026-03-14', time: '12:30', name: 'Ada King' }))
        .statusCode,
    ).toBe(200);
    t.clock.set('2026-03-11T22:15:00.000Z');
    expect((await admin.delete(`/api/reservations/${id}`)).statusCode).toBe(200);

    const history = await historyOf(`/api/admin/reservations/${id}/history`);
    expect(history).toMatchObject({ id, kind: 'reservation', zone: 'America/Chicago', active: false });
    expect(history.events.map((e) => [e.version, e.what, e.by, e.when])).toEqual([
      [0, 'Reservation requested', 'visitor', 'Sunday, March 1, 2026, 12:00 PM CST'],
      [1, 'Reservation changed', 'owner@example.com', 'Tuesday, March 10, 2026, 10:00 AM CDT'],
      [2, 'Reservation cancelled', 'owner@example.com', 'Wednesday, March 11, 2026, 5:15 PM CDT'],
    ]);
    expect(history.events[0]!.at).toBe('2026-03-01T18:00:00.000Z');
    expect(history.events[0]!.changes).toContainEqual({ field: 'name', from: null, to: 'Ada Lovelace' });
    expect(history.events[1]!.changes).toEqual([
      { field: 'name', from: 'Ada Lovelace', to: 'Ada King' },
      { field: 'time', from: '11:00', to: '12:30' },
    ]);
    expect(history.events[2]!.changes).toEqual([{ field: 'status', from: null, to: 'cancelled' }]);
    expect(history.events.every((e) => e.correlationId)).toBe(true);
  });

  it('answers 404 for an unknown reservation, and is staff only', async () => {
    expect((await admin.get('/api/admin/reservations/nope/history')).statusCode).toBe(404);
    expect((await visitor.get('/api/admin/reservations/nope/history')).statusCode).toBe(401);
    const guest = client(t, await signIn(t, 'guest@example.com'));
    expect((await guest.get('/api/admin/party-bookings/nope/history')).statusCode).toBe(403);
  });
});

describe('GET /api/admin/party-bookings/{id}/history', () => {
  it('shows the request, the decision with its notes and who made it, notes edits, detail edits and the cancellation', async () => {
    t.clock.set('2026-03-01T18:00:00.000Z');
    const { id } = (await visitor.post('/api/party-bookings', { ...partyBody, date: '2026-03-21', time: '18:00' })).json();
    const manager = client(t, await signInAdmin(t, 'manager@example.com'));
    expect((await manager.patch(`/api/party-bookings/${id}/approve`, { status: 'approved', adminNotes: 'Room B' })).statusCode).toBe(200);
    expect((await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'approved', adminNotes: 'Room C' })).statusCode).toBe(200);
    expect((await admin.patch(`/api/party-bookings/${id}/details`, { partySize: 20 })).statusCode).toBe(200);
    expect((await admin.delete(`/api/party-bookings/${id}`)).statusCode).toBe(200);

    const history = await historyOf(`/api/admin/party-bookings/${id}/history`);
    expect(history.kind).toBe('party');
    expect(history.events.map((e) => [e.what, e.by, e.notes])).toEqual([
      ['Party booking requested', 'visitor', null],
      ['Party booking approved', 'manager@example.com', 'Room B'],
      ['Admin notes changed', 'owner@example.com', 'Room C'],
      ['Party booking details changed', 'owner@example.com', null],
      ['Party booking cancelled', 'owner@example.com', null],
    ]);
    expect(history.events[0]!.changes).toContainEqual({ field: 'status', from: null, to: 'pending' });
    expect(history.events[1]!.changes).toEqual([
      { field: 'status', from: 'pending', to: 'approved' },
      { field: 'adminNotes', from: null, to: 'Room B' },
      { field: 'approvedBy', from: null, to: 'manager@example.com' },
      { field: 'approvedAt', from: null, to: '2026-03-01T18:00:00.000Z' },
    ]);
    expect(history.events[2]!.changes).toEqual([{ field: 'adminNotes', from: 'Room B', to: 'Room C' }]);
    expect(history.events[3]!.changes).toEqual([{ field: 'partySize', from: 12, to: 20 }]);
    expect(history.events[4]!.changes).toEqual([{ field: 'status', from: 'approved', to: 'cancelled' }]);
  });

  it('is rebuilt from the event store after a restart, identical', async () => {
    const { id } = (await visitor.post('/api/party-bookings', { ...partyBody, date: '2026-03-22', time: '12:00' })).json();
    await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'rejected', adminNotes: 'Fully booked' });
    const before = await historyOf(`/api/admin/party-bookings/${id}/history`);
    t = await t.restart();
    admin = client(t, await signInAdmin(t, 'owner@example.com'));
    visitor = client(t);
    expect(await historyOf(`/api/admin/party-bookings/${id}/history`)).toEqual(before);
  });
});
