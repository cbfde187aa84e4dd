import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERSONAL_DATA_ERASED,
  daySheetEventHeading,
  daySheetTotalsText,
  type BookingSearchAnswer,
  type CoversOut,
  type DaySheet,
  type Report,
} from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signIn, signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';

/**
 * A Friday with a no-show, a cancellation, a table that asked for games, an approved party, a pending
 * request and a game night with three places confirmed and one sign-up waiting: what the day sheet,
 * the search, the covers and the reports say of it. Every expected figure is the test's own count.
 */
const DAY = '2026-11-20'; // a Friday
let t: TestApp;
let admin: Client;
let visitor: Client;
const ids = { noShow: '', games: '', cancelled: '', arrived: '', party: '', pending: '', night: '', sita: '', tom: '', walt: '' };

const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as { id: string };
};
const reserve = async (name: string, email: string, time: string, partySize: number, extra: object = {}) =>
  (await ok(admin.post('/api/admin/reservations', { ...reservationBody, name, email, date: DAY, time, partySize, ...extra }), 201)).id;
const signUp = async (name: string, email: string, phone: string, places: number) =>
  (await ok(visitor.post(`/api/events/${ids.night}/sign-ups`, { date: DAY, name, email, phone, places }), 201)).id;
const sheet = async () => {
  const res = await admin.get(`/api/admin/day-sheet?date=${DAY}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DaySheet;
};
const search = async (q: string) => {
  const res = await admin.get(`/api/admin/booking-search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as BookingSearchAnswer).results;
};

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-18T16:00:00.000Z' }); // Wednesday 10:00 in Chicago
  admin = client(t, await signInAdmin(t, 'owner@example.com'));
  visitor = client(t);
  const catan = await ok(
    admin.post('/api/admin/games', { title: 'Catan (sheet)', minPlayers: 3, maxPlayers: 4, copies: [{ condition: 'complete' }] }),
    201,
  );
  ids.noShow = await reserve('Nora Noshow', 'nora@example.com', '17:00', 3);
  ids.arrived = await reserve('Ann Arrived', 'ann@example.com', '17:00', 2);
  ids.games = await reserve('Gus Games', 'gus@example.com', '18:00', 4, { games: [catan.id], teachUs: true });
  ids.cancelled = await reserve('Carl Cancel', 'carl@example.com', '18:00', 2);
  await ok(admin.delete(`/api/reservations/${ids.cancelled}`));
  ids.party = (await ok(visitor.post('/api/party-bookings', { ...partyBody, date: DAY, time: '19:30', partySize: 10 }), 201)).id;
  await ok(admin.patch(`/api/party-bookings/${ids.party}/approve`, { status: 'approved' }));
  ids.pending = (
    await ok(visitor.post('/api/party-bookings', { ...partyBody, name: 'Pat Pending', email: 'pat@example.com', date: DAY }), 201)
  ).id;
  ids.night = (
    await ok(
      admin.post('/api/admin/events', { title: 'Game night', event_date: DAY, event_time: '7:00 PM', max_attendees: 3, price: '$5' }),
      201,
    )
  ).id;
  ids.sita = await signUp('Sita Signup', 'sita@example.com', '(262) 555-7001', 2);
  ids.tom = await signUp('Tom Table', 'tom@example.com', '(262) 555-7002', 1);
  ids.walt = await signUp('Walt Wait', 'walt@example.com', '(262) 555-7003', 2);

  // The evening itself: 6:30 PM in Chicago. Nora never came, Ann did; Sita is checked in at the game night.
  t.clock.set('2026-11-21T00:30:00.000Z');
  await ok(admin.patch(`/api/admin/reservations/${ids.noShow}/arrival`, { status: 'no-show' }));
  await ok(admin.patch(`/api/admin/reservations/${ids.arrived}/arrival`, { status: 'arrived' }));
  await ok(admin.post(`/api/admin/event-sign-ups/${ids.sita}/check-in`, {}));
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/day-sheet', () => {
  it('lists each booking with what happened to it, the games asked for, and counts no-shows and cancellations out of the guests', async () => {
    const day = await sheet();
    expect(day.bookings.map((b) => [b.time, b.name, b.status, b.type])).toEqual([
      // Booked at the same instant (the test's clock stands still): by name.
      ['17:00', 'Ann Arrived', 'arrived', 'Table'],
      ['17:00', 'Nora Noshow', 'no-show', 'Table'],
      ['18:00', 'Gus Games', 'expected', 'Table'],
      ['18:00', 'Carl Cancel', 'cancelled', 'Table'],
      ['19:30', 'Grace Hopper', 'expected', 'Birthday Party'],
    ]);
    expect(day.bookings.find((b) => b.id === ids.games)).toMatchObject({ games: ['Catan (sheet)'], teachUs: true, partySize: 4 });
    expect(day.bookings.find((b) => b.id === ids.arrived)).toMatchObject({ games: [], teachUs: false });
    // 3 + 2 + 4 + 2 + 10 booked; Nora's 3 did not come and Carl's 2 cancelled: 16 guests.
    expect(day.totals).toEqual({ bookings: 4, guests: 16, noShows: 1, cancelled: 1, eventGuests: 3 });
    expect(daySheetTotalsText(day.totals)).toBe('4 bookings, 16 guests, 1 no-show, 1 cancelled');
  });

  it("gives the day's events apart, with their attendees (name, places, checked in) and how many wait", async () => {
    const [night, ...others] = (await sheet()).events;
    expect(others).toEqual([]);
    expect(night).toMatchObject({ eventId: ids.night, title: 'Game night', time: '19:00', capacity: 3, placesTaken: 3, waitlisted: 1 });
    expect(night!.attendees).toEqual([
      { id: ids.sita, name: 'Sita Signup', phone: '(262) 555-7001', places: 2, checkedIn: true },
      { id: ids.tom, name: 'Tom Table', phone: '(262) 555-7002', places: 1, checkedIn: false },
    ]);
    expect(daySheetEventHeading(night!)).toBe('Game night 7:00 PM: 3 signed up');
  });

  it('answers 400 without a date, and only to staff', async () => {
    expect((await admin.get('/api/admin/day-sheet')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/day-sheet?date=2026-13-01')).statusCode).toBe(400);
    expect((await visitor.get(`/api/admin/day-sheet?date=${DAY}`)).statusCode).toBe(401);
    const guest = client(t, await signIn(t, 'guest@example.com'));
    expect((await guest.get(`/api/admin/day-sheet?date=${DAY}`)).statusCode).toBe(403);
  });
});

describe('the search tells what happened and finds event attendees', () => {
  it('shows a no-show and an arrival instead of "booked"; an unmarked booking stays booked', async () => {
    expect((await search('nora'))[0]).toMatchObject({ id: ids.noShow, status: 'booked', arrival: 'no-show' });
    expect((await search('ann arr'))[0]).toMatchObject({ id: ids.arrived, arrival: 'arrived' });
    expect((await search('gus'))[0]).not.toHaveProperty('arrival');
  });

  it('finds an attendee by name, e-mail or phone as a sign-up of the event and date', async () => {
    for (const q of ['sita', 'SITA@example', '555 7001']) {
      const [hit, ...rest] = await search(q);
      expect(rest, q).toEqual([]);
      expect(hit, q).toEqual({
        kind: 'sign-up',
        id: ids.sita,
        name: 'Sita Signup',
        email: 'sita@example.com',
        phone: '(262) 555-7001',
        partySize: 2,
        date: DAY,
        time: '19:00',
        status: 'confirmed',
        checkedIn: true,
        event: { id: ids.night, title: 'Game night' },
        matched: q === 'sita' ? 'name' : q.includes('@') ? 'email' : 'phone',
      });
    }
    expect((await search('walt'))[0]).toMatchObject({ kind: 'sign-up', status: 'waitlisted' });
  });

  it('a marked booking moved back to expected is "booked" again', async () => {
    await ok(admin.patch(`/api/admin/reservations/${ids.arrived}/arrival`, { status: 'expected' }));
    expect((await search('ann arr'))[0]).not.toHaveProperty('arrival');
    await ok(admin.patch(`/api/admin/reservations/${ids.arrived}/arrival`, { status: 'arrived' }));
  });
});

describe('covers and reports count event guests apart from the tables', () => {
  it("covers: the day's table guests (no-show and cancellation out) and its event guests", async () => {
    const res = await admin.get(`/api/admin/covers?from=${DAY}&to=${DAY}`);
    expect(res.statusCode, res.body).toBe(200);
    const [day] = (res.json() as CoversOut).days;
    expect(day).toMatchObject({ date: DAY, total: 2 + 4 + 10, eventGuests: 3 });
  });

  it('reports: an event guests series per weekday and per hour, and the game night filled', async () => {
    const res = await admin.get(`/api/admin/reports?from=${DAY}&to=${DAY}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as Report;
    const friday = report.coversByWeekday.find((w) => w.weekday === 'Friday')!;
    expect(friday.eventGuests).toBe(3);
    // Table covers as the report counts them: those holding seats and the no-show (a booking the rate counts).
    expect(friday.covers).toBe(2 + 4 + 10 + 3);
    expect(report.coversByHour.find((h) => h.hour === '19:00')).toEqual({ hour: '19:00', covers: 10, eventGuests: 3 });
    expect(report.coversByHour.find((h) => h.hour === '18:00')).toEqual({ hour: '18:00', covers: 4, eventGuests: 0 });
    expect(report.eventFill).toEqual({
      signUpsRecorded: true,
      events: [{ eventId: ids.night, title: 'Game night', date: DAY, maxAttendees: 3, signUps: 3, rate: 1 }],
    });
    const csv = (await admin.get(`/api/admin/reports/covers-by-weekday.csv?from=${DAY}&to=${DAY}`)).body.trimEnd().split('\r\n');
    expect(csv[0]).toBe('weekday,days,covers,event_guests');
    expect(csv).toContain('Friday,1,19,3');
  });
});

describe('forget', () => {
  it('erases an attendee from the search and the day sheet, and they stay erased after a rebuild from the events', async () => {
    await ok(admin.post('/api/admin/privacy/forget', { email: 'sita@example.com' }));
    for (const q of ['sita', 'sita@example', '555 7001']) expect(await search(q), q).toEqual([]);
    const names = async () => (await sheet()).events[0]!.attendees.map((a) => a.name);
    expect(await names()).toEqual([PERSONAL_DATA_ERASED, 'Tom Table']);
    expect((await search('tom table'))[0]).toMatchObject({ id: ids.tom });
    t = await t.restart();
    admin = client(t, await signInAdmin(t, 'owner@example.com'));
    expect(await search('sita')).toEqual([]);
    expect(await names()).toEqual([PERSONAL_DATA_ERASED, 'Tom Table']);
    // The places stay: the night still had three guests.
    expect((await sheet()).totals.eventGuests).toBe(3);
  });
});
