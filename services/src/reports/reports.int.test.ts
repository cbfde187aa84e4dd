import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPORT_CHARTS, type Report } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signIn, signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';

/**
 * A known history made through the API with the clock set for each step; every expected figure below is
 * computed here from the test's own list of what it booked, not from the service's code.
 */
let t: TestApp;
let admin: Client;
const RANGE = 'from=2026-11-18&to=2026-11-30';

interface Seeded {
  kind: 'reservation' | 'party';
  madeOn: string;
  date: string;
  time: string;
  size: number;
  /** Holds seats: a reservation, or an approved party; not once cancelled. */
  seated: boolean;
  noShow?: boolean;
  decision?: 'approved' | 'rejected';
}
const seeded: Seeded[] = [];

async function reserve(madeOn: string, date: string, time: string, size: number) {
  const res = await admin.post('/api/admin/reservations', { ...reservationBody, date, time, partySize: size });
  expect(res.statusCode, res.body).toBe(201);
  seeded.push({ kind: 'reservation', madeOn, date, time, size, seated: true });
  return res.json().id as string;
}
async function requestParty(madeOn: string, date: string, size: number, decision?: 'approved' | 'rejected') {
  const res = await client(t).post('/api/party-bookings', { ...partyBody, date, partySize: size });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  if (decision) expect((await admin.patch(`/api/party-bookings/${id}/approve`, { status: decision })).statusCode).toBe(200);
  seeded.push({
    kind: 'party',
    madeOn,
    date,
    time: partyBody.time,
    size,
    seated: decision === 'approved',
    ...(decision ? { decision } : {}),
  });
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-18T16:00:00.000Z' }); // Wednesday 10:00 in Chicago
  admin = client(t, await signInAdmin(t, 'owner@example.com'));

  const r1 = await reserve('2026-11-18', '2026-11-20', '18:00', 4);
  const r2 = await reserve('2026-11-18', '2026-11-20', '18:30', 2);
  await reserve('2026-11-18', '2026-11-21', '11:00', 6);
  await requestParty('2026-11-18', '2026-11-28', 12, 'approved');

  t.clock.set('2026-11-19T20:00:00.000Z'); // Thursday 14:00
  const r4 = await reserve('2026-11-19', '2026-11-21', '19:00', 3);
  await requestParty('2026-11-19', '2026-12-19', 10, 'rejected');
  await requestParty('2026-11-19', '2026-11-21', 8);
  const r5 = await reserve('2026-11-19', '2026-11-20', '20:00', 5);
  expect((await admin.delete(`/api/reservations/${r5}`)).statusCode).toBe(200);
  seeded.find((s) => s.date === '2026-11-20' && s.time === '20:00')!.seated = false;
  expect(
    (await admin.patch(`/api/reservations/${r2}`, { ...reservationBody, date: '2026-11-20', time: '18:30', partySize: 3 })).statusCode,
  ).toBe(200);
  seeded.find((s) => s.time === '18:30')!.size = 3;

  t.clock.set('2026-11-20T05:30:00.000Z'); // Thursday 23:30 in Chicago, already Friday in UTC
  await reserve('2026-11-19', '2026-11-24', '17:00', 2);

  const events = [
    { title: 'Catan night', event_date: '2026-11-27', max_attendees: 24 },
    { title: 'Open play', event_date: '2026-11-25' },
    { title: 'Next month', event_date: '2026-12-05', max_attendees: 10 },
  ];
  for (const e of events) expect((await admin.post('/api/admin/events', { description: null, ...e })).statusCode).toBe(201);

  t.clock.set('2026-11-21T23:00:00.000Z'); // Saturday 17:00: Friday's and this evening's guests can be marked
  for (const id of [r1, r4]) {
    expect((await admin.patch(`/api/admin/reservations/${id}/arrival`, { status: 'no-show' })).statusCode).toBe(200);
  }
  seeded.find((s) => s.date === '2026-11-20' && s.time === '18:00')!.noShow = true;
  seeded.find((s) => s.date === '2026-11-21' && s.time === '19:00')!.noShow = true;
});
afterAll(async () => {
  await t.close();
});

const csvOf = async (chart: string) => {
  const res = await admin.get(`/api/admin/reports/${chart}.csv?${RANGE}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
const rows = (csv: string) =>
  csv
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describe('GET /api/admin/reports/{chart}.csv', () => {
  it('answers every chart as the figures of the seeded history', async () => {
    const seated = seeded.filter((s) => s.seated);
    const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const dates = Array.from({ length: 13 }, (_, i) => `2026-11-${String(18 + i).padStart(2, '0')}`);
    const dow = (d: string) => new Date(`${d}T12:00:00Z`).getUTCDay();

    // No sign-ups in this history: every event guests figure is 0 (day-sheet.int.test.ts counts a game night's).
    expect(rows((await csvOf('covers-by-weekday')).body)).toEqual([
      ['weekday', 'days', 'covers', 'event_guests'],
      ...weekdays.map((w, i) => [
        w,
        String(dates.filter((d) => dow(d) === i).length),
        String(seated.filter((s) => dow(s.date) === i).reduce((n, s) => n + s.size, 0)),
        '0',
      ]),
    ]);
    // Friday: 4 + 3 (the cancelled 5 not counted); Saturday: 6 + 3 + the approved party's 12.
    expect(rows((await csvOf('covers-by-weekday')).body)[6]).toEqual(['Friday', '2', '7', '0']);

    const hours = seated.map((s) => Number(s.time.slice(0, 2)));
    const hourRows = [];
    for (let h = Math.min(...hours); h <= Math.max(...hours); h++) {
      hourRows.push([
        `${String(h).padStart(2, '0')}:00`,
        String(seated.filter((s) => Number(s.time.slice(0, 2)) === h).reduce((n, s) => n + s.size, 0)),
        '0',
      ]);
    }
    expect(rows((await csvOf('covers-by-hour')).body)).toEqual([['hour', 'covers', 'event_guests'], ...hourRows]);

    expect(rows((await csvOf('bookings-made')).body)).toEqual([
      ['date', 'reservations', 'parties', 'total'],
      ...dates.map((d) => {
        const r = seeded.filter((s) => s.madeOn === d && s.kind === 'reservation').length;
        const p = seeded.filter((s) => s.madeOn === d && s.kind === 'party').length;
        return [d, String(r), String(p), String(r + p)];
      }),
    ]);

    const today = '2026-11-21';
    const pastDays = [...new Set(seated.filter((s) => s.date <= today).map((s) => s.date))].sort();
    const pct = (a: number, b: number) => String(Math.round((a / b) * 1000) / 10);
    const dayRows = pastDays.map((d) => {
      const b = seated.filter((s) => s.date === d);
      const n = b.filter((s) => s.noShow).length;
      return [d, String(b.length), String(n), pct(n, b.length)];
    });
    const past = seated.filter((s) => s.date <= today);
    const noShows = past.filter((s) => s.noShow).length;
    expect(rows((await csvOf('no-shows')).body)).toEqual([
      ['date', 'bookings', 'no_shows', 'no_show_percent'],
      ...dayRows,
      ['total', String(past.length), String(noShows), pct(noShows, past.length)],
    ]);
    expect(dayRows).toEqual([
      ['2026-11-20', '2', '1', '50'],
      ['2026-11-21', '2', '1', '50'],
    ]);

    const parties = seeded.filter((s) => s.kind === 'party');
    const approved = parties.filter((p) => p.decision === 'approved').length;
    const rejected = parties.filter((p) => p.decision === 'rejected').length;
    expect(rows((await csvOf('party-approvals')).body)).toEqual([
      ['requested', 'approved', 'rejected', 'pending', 'cancelled', 'approval_percent'],
      [
        String(parties.length),
        String(approved),
        String(rejected),
        String(parties.length - approved - rejected),
        '0',
        pct(approved, approved + rejected),
      ],
    ]);

    const lead = parties.map((p) => (Date.parse(p.date) - Date.parse(p.madeOn)) / 86_400_000);
    expect(lead).toEqual([10, 30, 2]);
    const bucket = (min: number, max: number) => String(lead.filter((l) => l >= min && l <= max).length);
    expect(rows((await csvOf('party-lead-time')).body)).toEqual([
      ['lead_time', 'parties'],
      ['0-6 days', bucket(0, 6)],
      ['7-13 days', bucket(7, 13)],
      ['14-29 days', bucket(14, 29)],
      ['30-59 days', bucket(30, 59)],
      ['60+ days', bucket(60, Infinity)],
    ]);

    expect(rows((await csvOf('event-fill')).body)).toEqual([
      ['date', 'event', 'max_attendees', 'sign_ups', 'fill_percent'],
      ['2026-11-25', 'Open play', '', '0', ''],
      ['2026-11-27', 'Catan night', '24', '0', '0'],
    ]);
  });

  it('sends CSV as a download, staff only, and refuses a bad chart or range with 400', async () => {
    const res = await csvOf('covers-by-hour');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="covers-by-hour-2026-11-18-to-2026-11-30.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await client(t).get(`/api/admin/reports/covers-by-hour.csv?${RANGE}`)).statusCode).toBe(401);
    const guest = client(t, await signIn(t, 'guest@example.com'));
    expect((await guest.get(`/api/admin/reports/bookings.csv?${RANGE}`)).statusCode).toBe(403);
    expect((await admin.get(`/api/admin/reports/nope.csv?${RANGE}`)).statusCode).toBe(400);
    const backwards = await admin.get('/api/admin/reports?from=2026-11-30&to=2026-11-01');
    expect([backwards.statusCode, backwards.json().message]).toEqual([400, 'The start date must be on or before the end date']);
    expect((await admin.get('/api/admin/reports?from=2020-01-01&to=2026-11-01')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/reports?from=x&to=2026-11-01')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/reports?from=2026-11-01')).statusCode).toBe(400);
    // Neither date: the 30 days up to today (the clock says Saturday 2026-11-21).
    const last30 = (await admin.get('/api/admin/reports')).json() as Report;
    expect([last30.from, last30.to]).toEqual(['2026-10-23', '2026-11-21']);
  });
});

describe('GET /api/admin/reports', () => {
  it('says no sign-ups are recorded and gives the approval rate and average lead time', async () => {
    const report = (await admin.get(`/api/admin/reports?${RANGE}`)).json() as Report;
    expect(report.eventFill.signUpsRecorded).toBe(false);
    expect(report.partyApprovals.rate).toBe(0.5);
    expect(report.partyLeadTime.averageDays).toBe(14);
    expect(REPORT_CHARTS).toHaveLength(9);
  });
});

describe('GET /api/admin/reports/bookings.csv', () => {
  it("lists the range's bookings, with formula-looking text neutralised", async () => {
    const res = await admin.post('/api/admin/reservations', {
      ...reservationBody,
      name: '=HYPERLINK("http://evil","x")',
      date: '2026-11-27',
      time: '18:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const csv = (await admin.get(`/api/admin/reports/bookings.csv?${RANGE}`)).body;
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,time,kind,status,party_size,name,email,phone,event_type,special_requests,admin_notes,created_at');
    // Live bookings dated in the range: the seeded ones less the cancelled, plus this one; rejected parties stay listed.
    expect(lines).toHaveLength(1 + seeded.filter((s) => s.date <= '2026-11-30' && !(s.kind === 'reservation' && !s.seated)).length + 1);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  it('reads the bookings a limited page at a time and streams the file (memory stays bounded)', async () => {
    const documents = t.runtime.documents;
    const original = documents.collection.bind(documents);
    const limits: (number | undefined)[] = [];
    const spy = vi.spyOn(documents, 'collection').mockImplementation((name: string) => {
      const collection = original(name);
      if (name !== 'bookings_calendar') return collection;
      return {
        ...collection,
        find: (filter, options = {}) => (limits.push(options.limit), collection.find(filter, options)),
      } as typeof collection;
    });
    const whole = (await admin.get(`/api/admin/reports/bookings.csv?from=2026-01-01&to=2027-12-31`)).body;
    spy.mockRestore();
    expect(whole.split('\r\n').length).toBeGreaterThan(2);
    expect(limits.length).toBeGreaterThan(0);
    for (const limit of limits) expect(limit).toBeGreaterThan(0);
  });
});
