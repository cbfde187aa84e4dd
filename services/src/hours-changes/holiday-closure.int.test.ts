import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS, type HoursException, type OpeningHours, type SeatingEvent } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin, type SignedIn } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { mailsTo, outboxMails } from '../../test/outbox.js';
import { fold } from '../platform/commands/decider.js';
import { notificationsOf } from '../notifications/index.js';
import { bookingsOnDay, seatingDecider, seatingStream, type SeatingState } from '../cafe-day/index.js';
import { closureStream } from '../closures/closure-record.js';

// The test clock's café-local today is Wednesday 2026-11-18. No SMTP_URL: mails go to DATA_DIR/outbox.
const CLOSED = /: we are closed$/;
const HOURS_CHANGED = /is cancelled: our hours have changed$/;

let t: TestApp;
let signedIn: SignedIn;
let admin: Client;
let visitor: Client;
const start = async (app: TestApp) => {
  t = app;
  signedIn = await signInAdmin(t);
  admin = client(t, signedIn);
  visitor = client(t);
};
beforeAll(async () => start(await createTestApp()));
afterAll(() => t.close());

const settle = () => notificationsOf(t.runtime)!.idle();
const put = (body: object) => t.app.inject({ method: 'PUT', url: '/api/admin/business-info', headers: signedIn.headers, payload: body });
const holiday = (date: string, note?: string): HoursException => ({ date, closed: true, open: '', close: '', ...(note ? { note } : {}) });
const hours = (exceptions: HoursException[], week: Partial<OpeningHours['week']> = {}): OpeningHours => ({
  ...DEFAULT_OPENING_HOURS,
  week: { ...DEFAULT_OPENING_HOURS.week, ...week },
  exceptions,
});
const save = (openingHours: OpeningHours, bookings?: 'keep' | 'cancel') =>
  put({ name: 'Meeple Haven', openingHours, ...(bookings ? { bookings } : {}) });

const reserve = async (email: string, date: string, time: string) => {
  const res = await visitor.post('/api/reservations', { ...reservationBody, name: `Guest ${email}`, email, date, time });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const approvedParty = async (email: string, date: string, time: string) => {
  const res = await visitor.post('/api/party-bookings', { ...partyBody, name: `Party ${email}`, email, date, time });
  expect(res.statusCode, res.body).toBe(201);
  const { id, version } = res.json();
  const decided = await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'approved' }, { 'if-match': `"${version}"` });
  expect(decided.statusCode).toBe(200);
  return id as string;
};
const gameNight = async (date: string) => {
  const res = await admin.post('/api/admin/events', {
    title: 'Holiday Game Night',
    event_date: date,
    event_time: '7:00 PM',
    price: '$5',
    max_attendees: 3,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const signUp = async (eventId: string, date: string, email: string, places = 1) => {
  const res = await visitor.post(`/api/events/${eventId}/sign-ups`, {
    date,
    name: `Player ${email}`,
    email,
    phone: '(262) 555-0123',
    places,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string };
};
const mailsOf = async (to: string, subject: RegExp) =>
  mailsTo(await outboxMails(t.dataDir), to).filter((m) => subject.test(m.subject ?? ''));
const seatedOn = async (date: string) =>
  bookingsOnDay(fold<SeatingState, SeatingEvent>(seatingDecider, await t.runtime.eventStore.readStream(seatingStream(date))));
const staffList = async (eventId: string, date: string) => (await admin.get(`/api/admin/events/${eventId}/occurrences/${date}`)).json();

describe('a holiday closed in Business Info is a closure (PUT /api/admin/business-info)', () => {
  const date = '2026-12-24'; // a Thursday
  const guests = ['xmas-r@example.com', 'xmas-p@example.com', 'xmas-s1@example.com', 'xmas-s2@example.com', 'xmas-s3@example.com'];
  let ids: { r: string; p: string; night: string; s: string[] };

  it('closing it on a day holding a reservation, an approved party and three sign-ups answers 409 listing all five, saving nothing', async () => {
    const r = await reserve(guests[0]!, date, '18:00');
    const p = await approvedParty(guests[1]!, date, '19:00');
    const night = await gameNight(date);
    // Three places: the third sign-up for two places waits.
    const s = [await signUp(night, date, guests[2]!), await signUp(night, date, guests[3]!), await signUp(night, date, guests[4]!, 2)];
    expect(s.map((x) => x.status)).toEqual(['confirmed', 'confirmed', 'waitlisted']);
    ids = { r, p, night, s: s.map((x) => x.id) };
    await settle();

    const res = await save(hours([holiday(date, 'Christmas Eve')]));
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({ code: 'bookings-affected', from: date, to: date, days: 1, alreadyBlocked: [], openTables: [] });
    expect(body.message).toBe(
      '5 bookings fall on a day these hours close or outside the new hours. Choose whether to keep them or cancel them with an e-mail to each guest.',
    );
    expect(body.closing).toEqual([{ date, reason: 'Christmas Eve' }]);
    const rows = body.bookings.map((b: { id: string; kind: string; label: string; partySize: number }) => [
      b.id,
      b.kind,
      b.label,
      b.partySize,
    ]);
    // By time (the sign-ups at the event's 7 PM, after the party's), the confirmed before the waitlisted.
    expect(rows.slice(0, 2)).toEqual([
      [r, 'reservation', 'Reservation', 4],
      [p, 'party', 'Birthday Party (approved)', 12],
    ]);
    expect(rows.slice(2, 4).sort()).toEqual(
      [
        [ids.s[0], 'signUp', 'Holiday Game Night sign-up (confirmed)', 1],
        [ids.s[1], 'signUp', 'Holiday Game Night sign-up (confirmed)', 1],
      ].sort(),
    );
    expect(rows[4]).toEqual([ids.s[2], 'signUp', 'Holiday Game Night sign-up (waitlisted)', 2]);
    // Nothing saved: the holiday is not in the hours, the day is not blocked.
    expect((await visitor.get('/api/business-info')).json().openingHours.exceptions).toEqual([]);
    expect((await visitor.get('/api/blocked-dates')).json()).toEqual([]);
  });

  it('"cancel" saves it and cancels all five: each guest mailed once, seats and places freed, the day refuses bookings and sign-ups', async () => {
    const res = await save(hours([holiday(date, 'Christmas Eve')]), 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.openingHours.exceptions).toEqual([holiday(date, 'Christmas Eve')]);
    const cancelled = body.bookings.cancelled.map((b: { id: string }) => b.id);
    expect(cancelled.slice(0, 2)).toEqual([ids.r, ids.p]);
    expect(cancelled.slice(2).sort()).toEqual([...ids.s].sort());
    expect(body.bookings).toMatchObject({ notCancelled: [], kept: [] });

    await settle();
    for (const to of guests) {
      const mails = await mailsOf(to, CLOSED);
      expect(mails, to).toHaveLength(1);
      expect(mails[0]!.text).toContain('(Christmas Eve)');
    }
    // Nobody was promoted from the waitlist on the way: the waitlisted guest got only the closure's mail.
    expect(await mailsOf(guests[4]!, /opened up/)).toHaveLength(0);
    expect(await seatedOn(date)).toEqual([]);
    expect(await staffList(ids.night, date)).toMatchObject({ placesTaken: 0, waitlist: 0, attendees: [], waitlisted: [] });

    expect((await visitor.get('/api/blocked-dates')).json()).toEqual([{ id: expect.any(String), date, reason: 'Christmas Eve' }]);
    const booking = await visitor.post('/api/reservations', { ...reservationBody, email: 'late@example.com', date, time: '18:00' });
    expect(booking.statusCode).toBe(409);
    const signUpRefused = await visitor.post(`/api/events/${ids.night}/sign-ups`, {
      date,
      name: 'Late Player',
      email: 'late@example.com',
      phone: '(262) 555-0124',
      places: 1,
    });
    expect(signUpRefused.statusCode).toBe(409);
    expect(signUpRefused.json().message).toBe('Sorry, we are closed on this date: Christmas Eve');

    // Saved again as it is: nothing more cancelled or mailed.
    const again = await save(hours([holiday(date, 'Christmas Eve')]));
    expect(again.statusCode).toBe(200);
    expect(again.json().bookings).toBeUndefined();
    await settle();
    for (const to of guests) expect(await mailsOf(to, CLOSED), to).toHaveLength(1);
  });

  it('"keep" saves it and keeps them on the closed day (listed blocked, so the dashboard flags them); reopening the holiday lifts its block', async () => {
    const nye = '2026-12-31';
    const r = await reserve('nye-r@example.com', nye, '18:00');
    const night = await gameNight(nye);
    const s = await signUp(night, nye, 'nye-s@example.com');
    await settle();
    const closed = hours([holiday(date, 'Christmas Eve'), holiday(nye)]);
    expect((await save(closed)).statusCode).toBe(409);
    const res = await save(closed, 'keep');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bookings.kept.map((b: { id: string }) => b.id)).toEqual([r, s.id]);
    expect((await visitor.get('/api/blocked-dates')).json()).toContainEqual({
      id: expect.any(String),
      date: nye,
      reason: 'Holiday closure',
    });
    await settle();
    expect(await mailsOf('nye-r@example.com', CLOSED)).toHaveLength(0);
    expect((await seatedOn(nye)).map((b) => b.bookingId)).toEqual([r]);
    expect(await staffList(night, nye)).toMatchObject({ placesTaken: 1 });

    // The holiday opened again: its block goes with it; Christmas Eve stays closed.
    expect((await save(hours([holiday(date, 'Christmas Eve')]))).statusCode).toBe(200);
    expect((await visitor.get('/api/blocked-dates')).json().map((b: { date: string }) => b.date)).toEqual([date]);
  });

  it('shortened hours that leave a booking outside them: 409 listing it, then "cancel" mails its guest what changed', async () => {
    const friday = '2026-11-27';
    const late = await reserve('late-friday@example.com', friday, '21:00');
    const early = await reserve('early-friday@example.com', friday, '17:00');
    await settle();
    const shorter = hours([holiday(date, 'Christmas Eve')], { friday: { closed: false, open: '15:00', close: '20:00' } });
    const res = await save(shorter);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ from: friday, to: friday, closing: [] });
    expect(res.json().bookings.map((b: { id: string }) => b.id)).toEqual([late]);

    const saved = await save(shorter, 'cancel');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().bookings.cancelled.map((b: { id: string }) => b.id)).toEqual([late]);
    await settle();
    const mails = await mailsOf('late-friday@example.com', HOURS_CHANGED);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('we are open 3:00 PM – 8:00 PM, so we cannot seat you at 9:00 PM');
    expect((await seatedOn(friday)).map((b) => b.bookingId)).toEqual([early]);
  });

  it('a holiday closure cut off midway (the gateway killed) is finished at start-up: each guest mailed once', async () => {
    const date2 = '2026-12-23';
    const r = await reserve('cut-r@example.com', date2, '18:00');
    const night = await gameNight(date2);
    const s = await signUp(night, date2, 'cut-s@example.com');
    await settle();
    // As a process killed right after recording the holiday's closure would leave it (Business Info saved first).
    const closureId = '7a2c1e8e-7f3a-4c55-9b7e-3b0a4c1d2e11';
    await t.runtime.eventStore.appendToStream(closureStream(closureId), [
      {
        type: 'ClosureStarted',
        data: { closureId, from: date2, to: date2, reason: 'Staff party', bookings: 'cancel', range: false, holiday: true },
        metadata: {
          occurredAt: t.clock.now().toISOString(),
          actor: { kind: 'admin', email: 'owner@example.com', userId: 'u1' },
          correlationId: 'c',
          causationId: 'c',
        },
      },
    ]);
    await start(await t.restart());
    const types = async () => (await t.runtime.eventStore.readStream(closureStream(closureId))).map((e) => e.type);
    for (let i = 0; i < 200 && !(await types()).includes('ClosureCompleted'); i++) await new Promise((res) => setTimeout(res, 25));
    expect(await types()).toEqual(['ClosureStarted', 'ClosureDaysClosed', 'ClosureCompleted']);
    await settle();
    expect(await mailsOf('cut-r@example.com', CLOSED)).toHaveLength(1);
    expect(await mailsOf('cut-s@example.com', CLOSED)).toHaveLength(1);
    expect((await visitor.get('/api/blocked-dates')).json()).toContainEqual({ id: closureId, date: date2, reason: 'Staff party' });
    expect(await staffList(night, date2)).toMatchObject({ placesTaken: 0 });
    expect(s.status).toBe('confirmed');
    expect(r).toEqual(expect.any(String));
  });
});

describe('Blocked Dates closes game nights and open tables too', () => {
  it('blocking a date with "cancel" cancels its sign-ups with one mail each; the preview lists them', async () => {
    const date = '2026-12-10';
    const night = await gameNight(date);
    const s = await signUp(night, date, 'blocked-s@example.com', 2);
    await settle();
    const preview = await admin.get(`/api/admin/blocked-ranges/impact?from=${date}&to=${date}`);
    expect(preview.json().bookings.map((b: { id: string; kind: string }) => [b.id, b.kind])).toEqual([[s.id, 'signUp']]);
    const res = await admin.post('/api/admin/blocked-dates', { date, reason: 'Plumbing', bookings: 'cancel' });
    expect(res.statusCode).toBe(201);
    expect(res.json().cancelled.map((b: { id: string }) => b.id)).toEqual([s.id]);
    await settle();
    const mails = await mailsOf('blocked-s@example.com', CLOSED);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Sign-up cancelled: Holiday Game Night, Thursday, December 10, 2026: we are closed');
    expect(await staffList(night, date)).toMatchObject({ placesTaken: 0 });
  });

  it('cancelling a reservation with an open table closes the table: each player (accepted or asking) mailed once why', async () => {
    const date = '2026-12-11';
    const host = await reserve('table-host@example.com', date, '19:00');
    const opened = await admin.post('/api/admin/open-tables', { reservationId: host, game: 'Catan', seats: 2 });
    expect(opened.statusCode, opened.body).toBe(200);
    const tableId = opened.json().id as string;
    const ask = async (email: string) => {
      const res = await visitor.post(`/api/open-tables/${tableId}/join-requests`, { name: `Joiner ${email}`, email, partySize: 1 });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const accepted = await ask('joiner-in@example.com');
    await ask('joiner-asking@example.com');
    expect((await admin.post(`/api/admin/open-tables/${tableId}/requests/${accepted}`, { answer: 'accept' })).statusCode).toBe(200);
    await settle();
    const preview = await admin.get(`/api/admin/blocked-ranges/impact?from=${date}&to=${date}`);
    expect(preview.json().openTables).toEqual([
      { tableId, reservationId: host, date, time: '19:00', game: 'Catan', hostFirstName: 'Guest', players: 2 },
    ]);
    const res = await admin.post('/api/admin/blocked-dates', { date, reason: 'Power cut', bookings: 'cancel' });
    expect(res.statusCode).toBe(201);
    await settle();
    for (const to of ['joiner-in@example.com', 'joiner-asking@example.com']) {
      const mails = await mailsOf(to, CLOSED);
      expect(mails, to).toHaveLength(1);
      expect(mails[0]!.subject).toBe('The Catan table on Friday, December 11, 2026 is cancelled: we are closed');
      expect(mails[0]!.text).toContain('(Power cut)');
    }
    expect((await visitor.get(`/api/open-tables?date=${date}`)).json().tables).toEqual([]);
  });
});
