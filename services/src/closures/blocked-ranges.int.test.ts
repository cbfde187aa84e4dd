import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signIn, signInAdmin } from '../../test/auth.js';
import { bookingEvents, client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { notificationsOf } from '../notifications/index.js';
import { startTestSmtp, type TestSmtp } from '../notifications/test-smtp-server.js';

// The test clock's café-local today is Wednesday 2026-11-18.
const REASON = 'Kitchen renovation';
const CLOSED_SUBJECT = /is cancelled: we are closed$/;

let smtp: TestSmtp;
let t: TestApp;
let admin: Client;
let visitor: Client;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  admin = client(t, await signInAdmin(t));
  visitor = client(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const settle = () => notificationsOf(t.runtime)!.idle();
const reserve = async (email: string, date: string, time: string) => {
  const res = await visitor.post('/api/reservations', { ...reservationBody, name: `Guest ${email}`, email, date, time });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};
const party = async (email: string, date: string, time: string, decision?: 'approved' | 'rejected') => {
  const res = await visitor.post('/api/party-bookings', { ...partyBody, name: `Party ${email}`, email, date, time });
  expect(res.statusCode).toBe(201);
  const { id, version } = res.json();
  if (decision) {
    const decided = await admin.patch(`/api/party-bookings/${id}/approve`, { status: decision }, { 'if-match': `"${version}"` });
    expect(decided.statusCode).toBe(200);
  }
  return id as string;
};
const closedMailsTo = () =>
  smtp.mails
    .filter((m) => CLOSED_SUBJECT.test(m.subject ?? ''))
    .map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))
    .sort();

describe('block a date range and cancel the bookings in it', () => {
  it('previews exactly the live bookings in the range, then cancels them, mails each guest once, keeps the rest', async () => {
    // In the range Tue 2026-12-01 … Thu 2026-12-03: two reservations, a pending and an approved party.
    const a = await reserve('in-a@example.com', '2026-12-01', '18:00');
    const p = await party('in-p@example.com', '2026-12-02', '18:00');
    const b = await reserve('in-b@example.com', '2026-12-03', '15:00');
    const q = await party('in-q@example.com', '2026-12-03', '19:00', 'approved');
    // In the range but not live: a rejected party and a cancelled reservation.
    const rejected = await party('in-rejected@example.com', '2026-12-02', '19:00', 'rejected');
    const gone = await reserve('in-gone@example.com', '2026-12-02', '17:00');
    expect((await admin.delete(`/api/reservations/${gone}`)).statusCode).toBe(200);
    // Just outside it, either side.
    const before = await reserve('out-before@example.com', '2026-11-30', '21:30');
    const after = await reserve('out-after@example.com', '2026-12-04', '15:00');
    const afterParty = await party('out-party@example.com', '2026-12-04', '18:00', 'approved');
    await settle();

    const preview = await admin.get('/api/admin/blocked-ranges/impact?from=2026-12-01&to=2026-12-03');
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ from: '2026-12-01', to: '2026-12-03', days: 3, alreadyBlocked: [] });
    expect(preview.json().bookings.map((x: { id: string; label: string }) => [x.id, x.label])).toEqual([
      [a, 'Reservation'],
      [p, 'Birthday Party (pending)'],
      [b, 'Reservation'],
      [q, 'Birthday Party (approved)'],
    ]);

    const mailsBefore = smtp.mails.length;
    const res = await admin.post('/api/admin/blocked-ranges', { from: '2026-12-01', to: '2026-12-03', reason: REASON, bookings: 'cancel' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.blocked).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    expect(body.cancelled.map((x: { id: string }) => x.id)).toEqual([a, p, b, q]);
    expect(body.notCancelled).toEqual([]);

    // One e-mail to each cancelled guest, none to anyone else.
    await settle();
    expect(closedMailsTo()).toEqual(['in-a@example.com', 'in-b@example.com', 'in-p@example.com', 'in-q@example.com']);
    expect(smtp.mails.length - mailsBefore).toBe(4);
    const mail = smtp.mails.find(
      (m) => m.to && !Array.isArray(m.to) && m.to.text === 'in-a@example.com' && CLOSED_SUBJECT.test(m.subject ?? ''),
    )!;
    expect(mail.subject).toBe('Your reservation on Tuesday, December 1, 2026 is cancelled: we are closed');
    expect(mail.text).toContain(
      'will be closed from Tuesday, December 1, 2026 to Thursday, December 3, 2026 (Kitchen renovation), so we have had to cancel your reservation.',
    );
    expect(mail.text).toContain('6:00 PM');

    // The lists: the four are gone, the rest stay.
    const reservations = (await admin.get('/api/reservations')).json().map((r: { id: string }) => r.id);
    expect(reservations).toEqual(expect.arrayContaining([before, after]));
    expect(reservations).not.toContain(a);
    expect(reservations).not.toContain(b);
    const parties = (await admin.get('/api/party-bookings')).json().map((r: { id: string; status: string }) => [r.id, r.status]);
    expect(parties).toEqual(
      expect.arrayContaining([
        [afterParty, 'approved'],
        [rejected, 'rejected'],
      ]),
    );
    expect(parties.map(([id]: [string]) => id)).not.toContain(p);
    expect(parties.map(([id]: [string]) => id)).not.toContain(q);

    // Each booking's own stream and history say who cancelled it and why.
    const events = await bookingEvents(t);
    expect(events.find((e) => e.streamId === `reservation-${a}` && e.type === 'ReservationCancelled')?.data).toEqual({
      reservationId: a,
      closure: { reason: REASON, from: '2026-12-01', to: '2026-12-03' },
    });
    const history = (await admin.get(`/api/admin/party-bookings/${q}/history`)).json();
    expect(history.active).toBe(false);
    expect(history.events.at(-1)).toMatchObject({ what: 'Party booking cancelled: café closed', by: 'owner@example.com', notes: REASON });

    // Every date of the range is closed to the public forms, listed one row each with the range.
    const listed = (await visitor.get('/api/blocked-dates')).json().filter((d: { reason: string }) => d.reason === REASON);
    expect(listed.map((d: { date: string }) => d.date)).toEqual(['2026-12-01', '2026-12-02', '2026-12-03']);
    expect(listed[0].range).toEqual({ id: body.id, from: '2026-12-01', to: '2026-12-03' });
    const refused = await visitor.post('/api/party-bookings', { ...partyBody, date: '2026-12-02', time: '18:00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Sorry, we are closed on this date: ${REASON}`);
    // Nothing left to preview.
    expect((await admin.get('/api/admin/blocked-ranges/impact?from=2026-12-01&to=2026-12-03')).json().bookings).toEqual([]);
  });

  it('with "keep", the bookings in the range stay and no guest is mailed', async () => {
    const kept = await reserve('kept@example.com', '2026-12-09', '18:00');
    const keptParty = await party('kept-party@example.com', '2026-12-10', '18:00', 'approved');
    await settle();
    const closedBefore = closedMailsTo().length;
    const res = await admin.post('/api/admin/blocked-ranges', {
      from: '2026-12-08',
      to: '2026-12-10',
      reason: 'Inventory',
      bookings: 'keep',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ blocked: ['2026-12-08', '2026-12-09', '2026-12-10'], cancelled: [], notCancelled: [] });
    await settle();
    expect(closedMailsTo().length).toBe(closedBefore);
    expect((await admin.get('/api/reservations')).json().map((r: { id: string }) => r.id)).toContain(kept);
    expect((await admin.get('/api/party-bookings')).json().map((r: { id: string }) => r.id)).toContain(keptParty);
    expect((await admin.get('/api/admin/blocked-ranges/impact?from=2026-12-08&to=2026-12-10')).json().bookings).toHaveLength(2);
  });

  it('leaves a date blocked on its own alone, and unblocking the range reopens only its own dates', async () => {
    expect((await admin.post('/api/admin/blocked-dates', { date: '2026-12-15', reason: 'Staff party' })).statusCode).toBe(201);
    const preview = (await admin.get('/api/admin/blocked-ranges/impact?from=2026-12-14&to=2026-12-16')).json();
    expect(preview.alreadyBlocked).toEqual([{ date: '2026-12-15', reason: 'Staff party' }]);
    const res = await admin.post('/api/admin/blocked-ranges', {
      from: '2026-12-14',
      to: '2026-12-16',
      reason: 'Deep clean',
      bookings: 'keep',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().blocked).toEqual(['2026-12-14', '2026-12-16']);
    const again = await admin.post('/api/admin/blocked-ranges', {
      from: '2026-12-14',
      to: '2026-12-16',
      reason: 'Again',
      bookings: 'keep',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Every date from Monday, December 14, 2026 to Wednesday, December 16, 2026 is already blocked');

    const lifted = await admin.delete(`/api/admin/blocked-ranges/${res.json().id}`);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ id: res.json().id, dates: ['2026-12-14', '2026-12-16'] });
    const listed = (await visitor.get('/api/blocked-dates'))
      .json()
      .filter((d: { date: string }) => d.date >= '2026-12-14' && d.date <= '2026-12-16');
    expect(listed.map((d: { date: string; reason: string }) => [d.date, d.reason])).toEqual([['2026-12-15', 'Staff party']]);
    expect((await admin.delete(`/api/admin/blocked-ranges/${res.json().id}`)).statusCode).toBe(404);
  });

  it.each([
    ['the To date before the From date', { from: '2026-12-20', to: '2026-12-19' }, 'The To date must be on or after the From date'],
    ['more than 366 days', { from: '2026-12-01', to: '2027-12-02' }, 'A range can be at most 366 days long'],
    ['a From date in the past', { from: '2026-11-17', to: '2026-11-20' }, 'The range cannot start in the past'],
    ['no From date', { to: '2026-12-20' }, 'From date is required'],
    ['no To date', { from: '2026-12-20' }, 'To date is required'],
    ['a date that is not a date', { from: '2026-12-20', to: '2026-12-32' }, 'Please enter a valid date (yyyy-MM-dd)'],
  ])('refuses %s with 400 "%s" (preview and block) and appends nothing', async (_label, range, message) => {
    const before = (await bookingEvents(t)).length;
    const query = new URLSearchParams(range).toString();
    const preview = await admin.get(`/api/admin/blocked-ranges/impact?${query}`);
    expect(preview.statusCode).toBe(400);
    expect(preview.json().message).toBe(message);
    const res = await admin.post('/api/admin/blocked-ranges', { ...range, reason: 'x', bookings: 'keep' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await bookingEvents(t)).length).toBe(before);
  });

  it.each([
    ['no reason', { bookings: 'keep' }, 'Reason is required'],
    ['no choice about the bookings', { reason: 'x' }, 'Choose whether to keep or cancel the bookings in this range'],
    ['an unknown choice', { reason: 'x', bookings: 'maybe' }, 'Choose whether to keep or cancel the bookings in this range'],
  ])('refuses a block with %s: 400 "%s"', async (_label, extra, message) => {
    const res = await admin.post('/api/admin/blocked-ranges', { from: '2026-12-21', to: '2026-12-22', ...extra });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts a range of exactly 366 days, and lifts it again', async () => {
    const res = await admin.get('/api/admin/blocked-ranges/impact?from=2027-01-01&to=2028-01-01');
    expect(res.statusCode).toBe(200);
    expect(res.json().days).toBe(366);
    const blocked = await admin.post('/api/admin/blocked-ranges', {
      from: '2027-01-01',
      to: '2028-01-01',
      reason: 'Sabbatical',
      bookings: 'keep',
    });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json().blocked).toHaveLength(366);
    const listed = (await visitor.get('/api/blocked-dates')).json().filter((d: { reason: string }) => d.reason === 'Sabbatical');
    expect(listed).toHaveLength(366);
    expect((await admin.delete(`/api/admin/blocked-ranges/${blocked.json().id}`)).json().dates).toHaveLength(366);
  });

  it('closes a range ending on the last calendar day, 9999-12-31, previews and lifts it (the day after has no yyyy-MM-dd)', async () => {
    const impact = await admin.get('/api/admin/blocked-ranges/impact?from=9999-12-29&to=9999-12-31');
    expect(impact.statusCode, impact.body).toBe(200);
    expect(impact.json()).toMatchObject({ from: '9999-12-29', to: '9999-12-31', days: 3, bookings: [] });
    const blocked = await admin.post('/api/admin/blocked-ranges', {
      from: '9999-12-29',
      to: '9999-12-31',
      reason: 'The end',
      bookings: 'cancel',
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(blocked.json().blocked).toEqual(['9999-12-29', '9999-12-30', '9999-12-31']);
    const listed = (await visitor.get('/api/blocked-dates')).json().filter((d: { reason: string }) => d.reason === 'The end');
    expect(listed.map((d: { date: string }) => d.date)).toEqual(['9999-12-29', '9999-12-30', '9999-12-31']);
    const lifted = await admin.delete(`/api/admin/blocked-ranges/${blocked.json().id}`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().dates).toEqual(['9999-12-29', '9999-12-30', '9999-12-31']);
    const single = await admin.post('/api/admin/blocked-dates', { date: '9999-12-31', reason: 'The very end' });
    expect(single.statusCode, single.body).toBe(201);
  });

  it('is staff only', async () => {
    expect((await visitor.get('/api/admin/blocked-ranges/impact?from=2026-12-20&to=2026-12-21')).statusCode).toBe(401);
    const guest = client(t, await signIn(t, 'guest@example.com'));
    expect((await guest.get('/api/admin/blocked-ranges/impact?from=2026-12-20&to=2026-12-21')).statusCode).toBe(403);
    expect(
      (await guest.post('/api/admin/blocked-ranges', { from: '2026-12-20', to: '2026-12-21', reason: 'x', bookings: 'cancel' })).statusCode,
    ).toBe(403);
    expect((await guest.delete('/api/admin/blocked-ranges/anything')).statusCode).toBe(403);
  });
});
