import { describe, expect, it } from 'vitest';
import { appendDirectly, createTestApp } from '../../test/test-app.js';
import { useAdminApp } from '../../test/admin-app.js';
import { signIn, signInAdmin } from '../../test/auth.js';
import { PHONE_EXTENSION_MESSAGE, STALE_VERSION_CODE, STALE_VERSION_MESSAGE } from '@cafe/contracts';
import { bookingEvents, client, partyBody as valid } from '../../test/booking-test-kit.js';

const suite = useAdminApp();
const { t } = suite;
const admin = client(t, { headers: suite.admin });
const visitor = client(t);

const book = async (body: object = {}) => {
  const res = await visitor.post('/api/party-bookings', { ...valid, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; version: number };
};
const streamTypes = async (id: string) => (await t.runtime.eventStore.readStream(`partyBooking-${id}`)).map((e) => e.type);
const listed = async (id: string) =>
  (await admin.get('/api/party-bookings')).json().find((b: { id: string }) => b.id === id) as Record<string, unknown> | undefined;

describe('POST /api/party-bookings (public form)', () => {
  it('accepts a valid request with 201; it starts pending, by a visitor', async () => {
    const { id, version } = await book();
    expect(version).toBe(0);
    const [event] = await t.runtime.eventStore.readStream(`partyBooking-${id}`);
    expect(event?.type).toBe('PartyBookingRequested');
    expect(event?.metadata.actor).toEqual({ kind: 'visitor' });
    expect(await listed(id)).toMatchObject({ status: 'pending', eventType: 'birthday', eventTypeLabel: 'Birthday Party', partySize: 12 });
  });

  it('stores a phone written with the country code as (XXX) XXX-XXXX, from the form and the staff dialog', async () => {
    const { id } = await book({ phone: '+1 (262) 555-0111' });
    expect(await listed(id)).toMatchObject({ phone: '(262) 555-0111' });
    expect((await admin.patch(`/api/party-bookings/${id}/details`, { phone: '1-414-555-0122' })).statusCode).toBe(200);
    expect(await listed(id)).toMatchObject({ phone: '(414) 555-0122' });
  });

  it('accepts event types from both lists (team-building from the public one, graduation from the admin one)', async () => {
    expect((await visitor.post('/api/party-bookings', { ...valid, eventType: 'team-building' })).statusCode).toBe(201);
    expect((await visitor.post('/api/party-bookings', { ...valid, eventType: 'graduation' })).statusCode).toBe(201);
  });

  it.each([
    ['no event type', { eventType: '' }, 'Event type is required'],
    ['a missing event type', { eventType: undefined }, 'Event type is required'],
    ['an unknown event type', { eventType: 'wedding' }, 'Please choose an event type from the list'],
    ['5 guests', { partySize: 5 }, 'Party size must be between 6 and 24'],
    ['25 guests', { partySize: 25 }, 'Party size must be between 6 and 24'],
    ['a past date', { date: '2026-11-17' }, 'Party booking date cannot be in the past'],
    ['a bad phone', { phone: '555-0111' }, 'Please enter a valid 10-digit phone number'],
    ['a foreign phone', { phone: '+44 20 7946 0958' }, 'Please enter a valid 10-digit phone number'],
    ['a phone with an extension', { phone: '262 555 0111 ext 4' }, PHONE_EXTENSION_MESSAGE],
    ['a bad email', { email: 'grace' }, 'Please enter a valid email address'],
    ['no name', { name: ' ' }, 'Name is required'],
    [
      '22:30',
      { time: '22:30' },
      'We seat guests from 11:00 AM to 10:00 PM on Saturdays (open 11:00 AM – 11:00 PM). Please choose another time.',
    ],
  ])('refuses %s with 400 "%s" and appends nothing', async (_label, change, message) => {
    const before = (await bookingEvents(t)).length;
    const res = await visitor.post('/api/party-bookings', { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await bookingEvents(t)).length).toBe(before);
  });

  it('refuses a blocked date with 409 and the closed message', async () => {
    await admin.post('/api/admin/blocked-dates', { date: '2026-12-31', reason: 'New Year party (private)' });
    const res = await visitor.post('/api/party-bookings', { ...valid, date: '2026-12-31', time: '18:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Sorry, we are closed on this date: New Year party (private)');
  });
});

describe('GET /api/party-bookings (Parties section)', () => {
  it('lists bookings dated today or later in every status, by date then time; cancelled and past ones are gone', async () => {
    const fresh = await createTestApp({ now: '2026-11-16T16:00:00.000Z' }); // Monday
    try {
      const a = client(fresh, await signInAdmin(fresh));
      const v = client(fresh);
      const ids: Record<string, string> = {};
      for (const [key, date, time] of [
        ['past', '2026-11-17', '18:00'], // Tuesday: past once the clock moves to Wednesday
        ['late', '2026-11-28', '20:00'],
        ['early', '2026-11-28', '11:00'],
        ['today', '2026-11-18', '15:00'],
        ['rejected', '2026-11-20', '16:00'],
        ['cancelled', '2026-11-21', '12:00'],
      ] as const) {
        const res = await v.post('/api/party-bookings', { ...valid, date, time, name: key });
        expect(res.statusCode, res.body).toBe(201);
        ids[key] = res.json().id;
      }
      expect((await a.patch(`/api/party-bookings/${ids.rejected}/approve`, { status: 'rejected' })).statusCode).toBe(200);
      expect((await a.patch(`/api/party-bookings/${ids.late}/approve`, { status: 'approved' })).statusCode).toBe(200);
      expect((await a.delete(`/api/party-bookings/${ids.cancelled}`)).statusCode).toBe(200);
      fresh.clock.set('2026-11-18T16:00:00.000Z');
      const list = (await a.get('/api/party-bookings')).json() as { name: string; status: string }[];
      expect(list.map((b) => `${b.name}:${b.status}`)).toEqual(['today:pending', 'rejected:rejected', 'early:pending', 'late:approved']);
    } finally {
      await fresh.close();
    }
  });

  it("shows a booking stored without an event type as 'Not specified'", async () => {
    const id = 'legacy-1';
    await appendDirectly(
      t,
      `partyBooking-${id}`,
      { type: 'PartyBookingRequested', data: { partyBookingId: id, source: 'public', ...valid, eventType: undefined } },
      { occurredAt: '2026-11-01T12:00:00.000Z', actor: { kind: 'visitor' }, correlationId: 'import', causationId: 'import' },
    );
    expect(await listed(id)).toMatchObject({ eventType: null, eventTypeLabel: 'Not specified' });
  });
});

describe('PATCH /api/party-bookings/{id}/details (Edit Party Booking)', () => {
  it('changes the details; sizes 15, 20, 25, 30 are allowed', async () => {
    const { id } = await book();
    const res = await admin.patch(`/api/party-bookings/${id}/details`, { ...valid, partySize: 30, eventType: 'holiday' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, version: 1 });
    expect(await listed(id)).toMatchObject({ partySize: 30, eventType: 'holiday', eventTypeLabel: 'Holiday Party', version: 1 });
  });

  it('keeps a public-form size the admin list lacks (12) when the dialog re-sends it with a new date', async () => {
    const { id } = await book({ partySize: 12 });
    const res = await admin.patch(`/api/party-bookings/${id}/details`, { ...valid, partySize: 12, date: '2026-11-29' });
    expect(res.statusCode).toBe(200);
    expect(await listed(id)).toMatchObject({ partySize: 12, date: '2026-11-29' });
    const resize = await admin.patch(`/api/party-bookings/${id}/details`, { ...valid, partySize: 13, date: '2026-11-29' });
    expect(resize.statusCode).toBe(400);
  });

  it.each([
    ['no event type', { eventType: '' }, 400, 'Event type is required'],
    ['a past date', { date: '2026-11-10' }, 400, 'Party booking date cannot be in the past'],
    ['24 guests (not an admin size)', { partySize: 24 }, 400, 'Party size must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 25, 30'],
    ['a foreign phone', { phone: '+44 20 7946 0958' }, 400, 'Invalid phone number'],
    ['an incomplete phone', { phone: '(262) 5' }, 400, 'Please enter a complete 10-digit phone number'],
    ['no time', { time: '' }, 400, 'Time is required'],
    ['a bad email', { email: 'nope' }, 400, 'Invalid email'],
  ])('refuses %s with "%s" and appends nothing', async (_label, change, status, message) => {
    const { id } = await book();
    const before = (await bookingEvents(t)).length;
    const res = await admin.patch(`/api/party-bookings/${id}/details`, { ...valid, ...change });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect((await bookingEvents(t)).length).toBe(before);
  });

  it('answers 404 for an unknown id and 409 for a stale If-Match', async () => {
    expect((await admin.patch('/api/party-bookings/nope/details', { name: 'X' })).statusCode).toBe(404);
    const { id } = await book();
    await admin.patch(`/api/party-bookings/${id}/details`, { name: 'First' });
    const stale = await admin.patch(`/api/party-bookings/${id}/details`, { name: 'Second' }, { 'if-match': '"0"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE_VERSION_MESSAGE, code: STALE_VERSION_CODE });
  });
});

describe('PATCH /api/party-bookings/{id}/approve', () => {
  it('approves a pending booking, recording approvedBy (the admin) and approvedAt', async () => {
    const { id } = await book();
    const res = await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'approved', adminNotes: 'Room B' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'approved', version: 1 });
    expect(await listed(id)).toMatchObject({
      status: 'approved',
      adminNotes: 'Room B',
      approvedBy: 'owner@example.com',
      approvedAt: '2026-11-18T16:00:00.000Z',
    });
  });

  it('for a decided booking: a different status is 409, the same status edits the notes only', async () => {
    const { id } = await book();
    await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'rejected', adminNotes: 'Fully booked' });
    const flip = await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'approved' });
    expect(flip.statusCode).toBe(409);
    expect(flip.json().message).toBe('This party booking has already been rejected; only the admin notes can be changed');
    const notes = await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'rejected', adminNotes: 'Fully booked; offered Dec 5' });
    expect(notes.statusCode).toBe(200);
    const same = await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'rejected', adminNotes: 'Fully booked; offered Dec 5' });
    expect(same.statusCode).toBe(200);
    expect(await streamTypes(id)).toEqual(['PartyBookingRequested', 'PartyBookingRejected', 'PartyBookingNotesChanged']);
    expect(await listed(id)).toMatchObject({
      status: 'rejected',
      adminNotes: 'Fully booked; offered Dec 5',
      approvedBy: 'owner@example.com',
    });
  });

  it('refuses a bad status with 400 and an unknown booking with 404', async () => {
    const { id } = await book();
    const bad = await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'pending' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be approved or rejected');
    expect((await admin.patch('/api/party-bookings/nope/approve', { status: 'approved' })).statusCode).toBe(404);
    expect((await admin.patch('/api/party-bookings/nope/approve', { status: 'approved' }, { 'if-match': '"0"' })).statusCode).toBe(404);
  });

  it('records who decided: a second admin’s e-mail shows as approvedBy', async () => {
    const other = client(t, await signInAdmin(t, 'manager@example.com'));
    const { id } = await book();
    expect((await other.patch(`/api/party-bookings/${id}/approve`, { status: 'approved' })).statusCode).toBe(200);
    expect(await listed(id)).toMatchObject({ approvedBy: 'manager@example.com' });
  });

  it('is staff only: 401 for nobody, 403 for a non-admin', async () => {
    const { id } = await book();
    expect((await visitor.patch(`/api/party-bookings/${id}/approve`, { status: 'approved' })).statusCode).toBe(401);
    const guest = client(t, await signIn(t, 'guest@example.com'));
    expect((await guest.patch(`/api/party-bookings/${id}/approve`, { status: 'approved' })).statusCode).toBe(403);
    expect((await guest.get('/api/party-bookings')).statusCode).toBe(403);
    expect((await visitor.get('/api/party-bookings')).statusCode).toBe(401);
    expect(await streamTypes(id)).toEqual(['PartyBookingRequested']);
  });
});

describe('50 concurrent decisions on one pending booking', () => {
  it('with If-Match (the pending version): exactly one 200, 49 × 409, one decision in the history', async () => {
    const { id, version } = await book();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        admin.patch(
          `/api/party-bookings/${id}/approve`,
          { status: i % 2 ? 'approved' : 'rejected', adminNotes: `decision ${i}` },
          { 'if-match': `"${version}"` },
        ),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const winner = responses.find((r) => r.statusCode === 200)!.json();
    const types = await streamTypes(id);
    expect(types).toHaveLength(2);
    expect(types[1]).toMatch(/^PartyBooking(Approved|Rejected)$/);
    const history = (await admin.get(`/api/admin/party-bookings/${id}/history`)).json();
    const decisions = history.events.filter((e: { type: string }) => /Approved|Rejected/.test(e.type));
    expect(decisions).toHaveLength(1);
    expect(decisions[0].changes).toContainEqual({ field: 'status', from: 'pending', to: winner.status });
    expect(await listed(id)).toMatchObject({ status: winner.status, version: 1 });
  });

  it('without If-Match: still exactly one decision; the other status is refused, the same status is a notes edit', async () => {
    const { id } = await book();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => admin.patch(`/api/party-bookings/${id}/approve`, { status: i % 2 ? 'approved' : 'rejected' })),
    );
    const types = await streamTypes(id);
    expect(types.filter((x) => /Approved|Rejected/.test(x))).toHaveLength(1);
    const decided = types[1] === 'PartyBookingApproved' ? 'approved' : 'rejected';
    responses.forEach((r, i) => {
      const status = i % 2 ? 'approved' : 'rejected';
      // Same status as the winner: 200 (a no-op notes edit) or 409 if it lost the append race; the other: 409.
      if (status !== decided) expect(r.statusCode).toBe(409);
      else expect([200, 409]).toContain(r.statusCode);
    });
  });
});

describe('DELETE /api/party-bookings/{id}', () => {
  it('cancels: PartyBookingCancelled, gone from the list, a second delete is 404, the history stays', async () => {
    const { id } = await book();
    await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'approved' });
    const res = await admin.delete(`/api/party-bookings/${id}`);
    expect(res.statusCode).toBe(200);
    expect(await streamTypes(id)).toEqual(['PartyBookingRequested', 'PartyBookingApproved', 'PartyBookingCancelled']);
    expect(await listed(id)).toBeUndefined();
    expect((await admin.delete(`/api/party-bookings/${id}`)).statusCode).toBe(404);
    const history = (await admin.get(`/api/admin/party-bookings/${id}/history`)).json();
    expect(history.events.map((e: { type: string }) => e.type)).toEqual([
      'PartyBookingRequested',
      'PartyBookingApproved',
      'PartyBookingCancelled',
    ]);
  });
});
