import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../test/admin-app.js';
import { appendDirectly } from '../../test/test-app.js';
import { signIn } from '../../test/auth.js';
import { bookingEvents, client, partyBody, reservationBody } from '../../test/booking-test-kit.js';

const suite = useAdminApp();
const { t } = suite;
const admin = client(t, { headers: suite.admin });
const visitor = client(t);

describe('POST /api/admin/blocked-dates', () => {
  it('blocks a date with 201 {id, date, reason}; GET /api/blocked-dates lists it; a second block of that date is 409', async () => {
    const res = await admin.post('/api/admin/blocked-dates', { date: '2026-11-26', reason: 'Thanksgiving' });
    expect(res.statusCode).toBe(201);
    const { cancelled, notCancelled, kept, ...created } = res.json();
    expect(created).toEqual({ id: expect.any(String), date: '2026-11-26', reason: 'Thanksgiving' });
    // SPEC's answer, with what became of the day's bookings (none here).
    expect({ cancelled, notCancelled, kept }).toEqual({ cancelled: [], notCancelled: [], kept: [] });
    expect((await visitor.get('/api/blocked-dates')).json()).toContainEqual(created);
    const again = await admin.post('/api/admin/blocked-dates', { date: '2026-11-26', reason: 'Still closed' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Thursday, November 26, 2026 is already blocked: Thanksgiving');
    const events = (await bookingEvents(t)).filter((e) => e.streamId === 'blockedDate-2026-11-26');
    expect(events.map((e) => e.type)).toEqual(['DateBlocked']);
    expect(events[0]!.metadata.actor).toMatchObject({ kind: 'admin', email: 'owner@example.com' });
  });

  it('lets only one of two simultaneous blocks of a date through', async () => {
    const [a, b] = await Promise.all([
      admin.post('/api/admin/blocked-dates', { date: '2027-01-01', reason: 'A' }),
      admin.post('/api/admin/blocked-dates', { date: '2027-01-01', reason: 'B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it.each([
    ['no date', { reason: 'x' }, 'Date is required'],
    ['no reason', { date: '2026-12-01' }, 'Reason is required'],
    ['a blank reason', { date: '2026-12-01', reason: '  ' }, 'Reason is required'],
    ['a date that is not a date', { date: '2026-13-01', reason: 'x' }, 'Please enter a valid date (yyyy-MM-dd)'],
  ])('refuses %s with 400 "%s" and appends nothing', async (_label, body, message) => {
    const before = (await bookingEvents(t)).length;
    const res = await admin.post('/api/admin/blocked-dates', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await bookingEvents(t)).length).toBe(before);
  });

  it('is staff only', async () => {
    expect((await visitor.post('/api/admin/blocked-dates', { date: '2026-12-02', reason: 'x' })).statusCode).toBe(401);
    const guest = client(t, await signIn(t, 'guest@example.com'));
    expect((await guest.post('/api/admin/blocked-dates', { date: '2026-12-02', reason: 'x' })).statusCode).toBe(403);
    expect((await guest.delete('/api/admin/blocked-dates/2026-11-26')).statusCode).toBe(403);
  });
});

describe('blocked dates refuse bookings, and unblocking reopens them', () => {
  it('refuses both public forms and the admin create on a blocked date; DELETE by id reopens it', async () => {
    const { id } = (await admin.post('/api/admin/blocked-dates', { date: '2026-12-05', reason: 'Private event' })).json();
    const closed = 'Sorry, we are closed on this date: Private event';
    const onDate = { date: '2026-12-05', time: '18:00' };
    for (const res of [
      await visitor.post('/api/reservations', { ...reservationBody, ...onDate }),
      await visitor.post('/api/party-bookings', { ...partyBody, ...onDate }),
      await admin.post('/api/admin/reservations', { ...reservationBody, ...onDate }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(closed);
    }
    const del = await admin.delete(`/api/admin/blocked-dates/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ id, date: '2026-12-05' });
    expect((await visitor.get('/api/blocked-dates')).json().some((d: { id: string }) => d.id === id)).toBe(false);
    expect((await visitor.post('/api/reservations', { ...reservationBody, ...onDate })).statusCode).toBe(201);
    expect((await admin.delete(`/api/admin/blocked-dates/${id}`)).statusCode).toBe(404);
  });

  it('an old id cannot lift a newer block of the same date; the date itself works as the id', async () => {
    const first = (await admin.post('/api/admin/blocked-dates', { date: '2026-12-12', reason: 'One' })).json();
    await admin.delete(`/api/admin/blocked-dates/${first.id}`);
    const second = (await admin.post('/api/admin/blocked-dates', { date: '2026-12-12', reason: 'Two' })).json();
    expect(second.id).not.toBe(first.id);
    expect((await admin.delete(`/api/admin/blocked-dates/${first.id}`)).statusCode).toBe(404);
    expect((await admin.delete('/api/admin/blocked-dates/2026-12-12')).json()).toEqual({ id: second.id, date: '2026-12-12' });
  });

  it('the rule reads the event store, not the read model: with the blocked_dates read model wiped, still refused', async () => {
    await appendDirectly(t, 'blockedDate-2026-12-19', {
      type: 'DateBlocked',
      data: { blockedDateId: 'direct', date: '2026-12-19', reason: 'Burst pipe' },
    });
    await t.runtime.documents.collection('blocked_dates').clear();
    expect((await visitor.get('/api/blocked-dates')).json()).toEqual([]);
    const res = await visitor.post('/api/reservations', { ...reservationBody, date: '2026-12-19', time: '12:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Sorry, we are closed on this date: Burst pipe');
  });
});
