import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_DATE_ORDER_MESSAGE, FILTER_SIZE_MESSAGE, FILTER_SIZE_ORDER_MESSAGE, type BookingsView } from '@cafe/contracts';
import { createTestApp } from '../../test/test-app.js';
import { signIn, signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';

/** The process runs in UTC+14 the whole time: the café's "today" must not care. */
const originalTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Kiritimati';
});
afterAll(() => {
  // Unset stays unset: the string 'undefined' would put every later file of this worker in a bogus zone.
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

async function setUp(now: string) {
  const t = await createTestApp({ now });
  const admin = client(t, await signInAdmin(t));
  const visitor = client(t);
  const reserve = async (name: string, date: string, time: string, partySize = 2) => {
    const res = await admin.post('/api/admin/reservations', { ...reservationBody, name, date, time, partySize });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const party = async (name: string, date: string, time: string, status: 'approved' | 'rejected' | 'pending', partySize = 20) => {
    const res = await visitor.post('/api/party-bookings', { ...partyBody, name, date, time, partySize: Math.min(partySize, 24) });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    if (status !== 'pending') expect((await admin.patch(`/api/party-bookings/${id}/approve`, { status })).statusCode).toBe(200);
    return id;
  };
  return { t, admin, reserve, party };
}

const names = (view: BookingsView) => view.entries.map((e) => e.name);
const get = async (admin: Client, url: string) => {
  const res = await admin.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BookingsView;
};

describe('dashboard views across the year end (New Year’s Eve, 23:30 in Chicago = 05:30Z on Jan 1)', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp('2026-12-20T18:00:00.000Z'); // Sunday Dec 20, noon
    await s.reserve('r6 Dec23', '2026-12-23', '17:00', 3);
    await s.reserve('r7 Dec24', '2026-12-24', '19:00', 5);
    await s.reserve('r1 Dec27', '2026-12-27', '11:00', 2);
    await s.reserve('r2 Dec31 18:00', '2026-12-31', '18:00', 4);
    await s.reserve('r3 Dec31 15:30', '2026-12-31', '15:30', 8);
    await s.reserve('r4 Jan1', '2027-01-01', '15:00', 6);
    await s.reserve('r5 Jan2', '2027-01-02', '11:00', 10);
    await s.party('pA approved Dec31', '2026-12-31', '20:00', 'approved', 20);
    await s.party('pB pending Jan2', '2027-01-02', '18:00', 'pending');
    await s.party('pC rejected Jan1', '2027-01-01', '17:00', 'rejected');
    await s.party('pD approved Dec28 (past by then)', '2026-12-28', '17:00', 'approved');
    const cancelled = await s.reserve('cancelled Dec31', '2026-12-31', '16:00');
    expect((await s.admin.delete(`/api/reservations/${cancelled}`)).statusCode).toBe(200);
    s.t.clock.set('2027-01-01T05:30:00.000Z');
  });
  afterAll(async () => {
    await s.t.close();
  });

  it('today is Dec 31: its reservations and approved parties together, by time', async () => {
    const view = await get(s.admin, '/api/admin/bookings/today');
    expect(view.today).toBe('2026-12-31');
    expect(view.zone).toBe('America/Chicago');
    expect(names(view)).toEqual(['r3 Dec31 15:30', 'r2 Dec31 18:00', 'pA approved Dec31']);
    expect(view.entries.map((e) => [e.kind, e.time12, e.tone])).toEqual([
      ['reservation', '3:30 PM', 'afternoon'],
      ['reservation', '6:00 PM', 'evening'],
      ['party', '8:00 PM', 'party'],
    ]);
    expect(view.entries[2]).toMatchObject({ eventTypeLabel: 'Birthday Party', status: 'approved' });
    expect((await get(s.admin, '/api/admin/bookings?view=today')).entries).toEqual(view.entries);
  });

  it('the week runs Sunday Dec 27 to Saturday Jan 2 across the year end; past and unapproved parties stay out', async () => {
    const view = await get(s.admin, '/api/admin/bookings?view=week');
    expect(view.range).toEqual({ from: '2026-12-27', to: '2027-01-02' });
    expect(view.days!.map((d) => d.date)).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(names(view)).toEqual(['r1 Dec27', 'r3 Dec31 15:30', 'r2 Dec31 18:00', 'pA approved Dec31', 'r4 Jan1', 'r5 Jan2']);
    expect(view.days![4]!.entries.map((e) => e.name)).toEqual(['r3 Dec31 15:30', 'r2 Dec31 18:00', 'pA approved Dec31']);
    expect(view.days![1]!.entries).toEqual([]); // pD (approved, Dec 28) is in the past
    expect((await get(s.admin, '/api/admin/bookings/week?date=2027-01-02')).entries).toEqual(view.entries);
  });

  it('the month is December by default, January when asked', async () => {
    const december = await get(s.admin, '/api/admin/bookings?view=month');
    expect(december.range).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(december.days).toHaveLength(31);
    expect(names(december)).toEqual(['r6 Dec23', 'r7 Dec24', 'r1 Dec27', 'r3 Dec31 15:30', 'r2 Dec31 18:00', 'pA approved Dec31']);
    const january = await get(s.admin, '/api/admin/bookings/month?date=2027-01-15');
    expect(january.range).toEqual({ from: '2027-01-01', to: '2027-01-31' });
    expect(names(january)).toEqual(['r4 Jan1', 'r5 Jan2']);
  });

  it('the list view starts 7 days back (Dec 24) and runs on, sorted by date then time', async () => {
    const view = await get(s.admin, '/api/admin/bookings');
    expect(view.view).toBe('list');
    expect(view.range).toEqual({ from: '2026-12-24', to: null });
    expect(names(view)).toEqual(['r7 Dec24', 'r1 Dec27', 'r3 Dec31 15:30', 'r2 Dec31 18:00', 'pA approved Dec31', 'r4 Jan1', 'r5 Jan2']);
  });

  it('applies the Filter dialog: sizes, checkboxes, date from / to', async () => {
    expect(names(await get(s.admin, '/api/admin/bookings?view=list&minSize=5&maxSize=10'))).toEqual([
      'r7 Dec24',
      'r3 Dec31 15:30',
      'r4 Jan1',
      'r5 Jan2',
    ]);
    expect(names(await get(s.admin, '/api/admin/bookings?view=list&parties=false'))).not.toContain('pA approved Dec31');
    expect(names(await get(s.admin, '/api/admin/bookings?view=list&reservations=false'))).toEqual(['pA approved Dec31']);
    expect(names(await get(s.admin, '/api/admin/bookings?view=list&reservations=false&parties=false'))).toEqual([]);
    expect(names(await get(s.admin, '/api/admin/bookings?view=list&from=2027-01-01'))).toEqual(['r4 Jan1', 'r5 Jan2']);
    expect(names(await get(s.admin, '/api/admin/bookings?view=week&from=2026-12-30&to=2026-12-31&maxSize=4'))).toEqual(['r2 Dec31 18:00']);
    // empty values are "not set", as the dialog's Clear All leaves them
    expect(names(await get(s.admin, '/api/admin/bookings?view=today&from=&to=&minSize=&maxSize='))).toHaveLength(3);
  });

  it.each([
    ['minSize=0', FILTER_SIZE_MESSAGE],
    ['maxSize=31', FILTER_SIZE_MESSAGE],
    ['minSize=two', FILTER_SIZE_MESSAGE],
    ['minSize=6&maxSize=3', FILTER_SIZE_ORDER_MESSAGE],
    ['from=2027-01-05&to=2027-01-01', FILTER_DATE_ORDER_MESSAGE],
    ['from=31/12/2026', 'Please enter a valid date (yyyy-MM-dd)'],
    ['view=year', 'View must be one of today, list, week or month'],
    ['parties=maybe', 'parties must be true or false'],
  ])('refuses %s with 400 "%s"', async (query, message) => {
    const res = await s.admin.get(`/api/admin/bookings?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('is staff only', async () => {
    expect((await client(s.t).get('/api/admin/bookings/today')).statusCode).toBe(401);
    const guest = client(s.t, await signIn(s.t, 'guest@example.com'));
    expect((await guest.get('/api/admin/bookings?view=week')).statusCode).toBe(403);
  });
});

describe('dashboard views across the daylight-saving changes of America/Chicago', () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp('2026-02-25T18:00:00.000Z');
    await s.reserve('Sat Mar 7 22:00', '2026-03-07', '22:00');
    await s.reserve('Sun Mar 8 11:00', '2026-03-08', '11:00');
    // Sunday's last slot: the default hours close at 8 PM and seat the last table an hour before.
    await s.reserve('Sun Mar 8 19:00', '2026-03-08', '19:00');
    await s.reserve('Mon Mar 9 15:00', '2026-03-09', '15:00');
    await s.reserve('Sat Oct 31 22:00', '2026-10-31', '22:00');
    await s.reserve('Sun Nov 1 11:00', '2026-11-01', '11:00');
    await s.reserve('Mon Nov 2 15:00', '2026-11-02', '15:00');
  });
  afterAll(async () => {
    await s.t.close();
  });

  const todayAt = async (instant: string) => {
    s.t.clock.set(instant);
    return get(s.admin, '/api/admin/bookings/today');
  };

  it.each([
    ['2026-03-08T05:30:00.000Z', '2026-03-07', ['Sat Mar 7 22:00']], // 23:30 CST
    ['2026-03-08T06:30:00.000Z', '2026-03-08', ['Sun Mar 8 11:00', 'Sun Mar 8 19:00']], // 00:30 CST
    ['2026-03-08T08:30:00.000Z', '2026-03-08', ['Sun Mar 8 11:00', 'Sun Mar 8 19:00']], // 03:30 CDT
    ['2026-03-09T04:30:00.000Z', '2026-03-08', ['Sun Mar 8 11:00', 'Sun Mar 8 19:00']], // 23:30 CDT
    ['2026-03-09T05:30:00.000Z', '2026-03-09', ['Mon Mar 9 15:00']], // 00:30 CDT
    ['2026-11-01T04:30:00.000Z', '2026-10-31', ['Sat Oct 31 22:00']], // 23:30 CDT
    ['2026-11-01T06:30:00.000Z', '2026-11-01', ['Sun Nov 1 11:00']], // 01:30 CDT …
    ['2026-11-01T07:30:00.000Z', '2026-11-01', ['Sun Nov 1 11:00']], // … and 01:30 CST again
    ['2026-11-02T05:30:00.000Z', '2026-11-01', ['Sun Nov 1 11:00']], // 23:30 CST
    ['2026-11-02T06:30:00.000Z', '2026-11-02', ['Mon Nov 2 15:00']], // 00:30 CST
  ])('at %s today is %s', async (instant, today, expected) => {
    const view = await todayAt(instant);
    expect(view.today).toBe(today);
    expect(names(view)).toEqual(expected);
  });

  it('the DST weeks start on their Sunday and hold seven days', async () => {
    s.t.clock.set('2026-03-09T04:30:00.000Z'); // still Sunday Mar 8 in Chicago
    const spring = await get(s.admin, '/api/admin/bookings/week');
    expect(spring.range).toEqual({ from: '2026-03-08', to: '2026-03-14' });
    expect(names(spring)).toEqual(['Sun Mar 8 11:00', 'Sun Mar 8 19:00', 'Mon Mar 9 15:00']);
    s.t.clock.set('2026-11-02T05:30:00.000Z'); // still Sunday Nov 1 in Chicago
    const fall = await get(s.admin, '/api/admin/bookings/week');
    expect(fall.range).toEqual({ from: '2026-11-01', to: '2026-11-07' });
    expect(fall.days).toHaveLength(7);
    expect(names(fall)).toEqual(['Sun Nov 1 11:00', 'Mon Nov 2 15:00']);
    const previous = await get(s.admin, '/api/admin/bookings/week?date=2026-10-31');
    expect(previous.range).toEqual({ from: '2026-10-25', to: '2026-10-31' });
    expect(names(previous)).toEqual(['Sat Oct 31 22:00']);
  });
});
