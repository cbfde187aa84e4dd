import { describe, expect, it } from 'vitest';
import {
  ARRIVAL_BEFORE_DAY_MESSAGE,
  ARRIVAL_PARTY_NOT_APPROVED,
  ARRIVAL_STATUS_MESSAGE,
  WALK_IN_CLOSED_MESSAGE,
  arrivalAlreadyMessage,
  arrivalTransitionMessage,
  walkInFullMessage,
  type ArrivalsOut,
  type CoversOut,
  type GuestRecord,
} from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { client, partyBody, reservationBody } from '../../test/booking-test-kit.js';

/** Wednesday 2026-11-18, 7:10 PM in Chicago: the café seats guests (weekdays 3 PM – 11 PM, last seating 10 PM). */
const EVENING = '2026-11-19T01:10:00.000Z';
/** 10 AM the same day: tonight's bookings were made before the café's clock passed their time. */
const MORNING = '2026-11-18T16:00:00.000Z';
const TODAY = '2026-11-18';

describe('arrivals, walk-ins, covers and a guest record (staff routes)', () => {
  const suite = useAdminApp({ now: EVENING });
  const { t } = suite;
  const admin = client(t, { headers: suite.admin });
  const anonymous = client(t);
  /** Made in the morning, as a booking for tonight is: at 7:10 PM a new booking at 7:00 PM is refused. */
  const earlier = async <T>(make: () => Promise<T>): Promise<T> => {
    t.clock.set(MORNING);
    try {
      return await make();
    } finally {
      t.clock.set(EVENING);
    }
  };
  const book = (over: object = {}) =>
    earlier(async () => {
      const res = await admin.post('/api/admin/reservations', { ...reservationBody, date: TODAY, time: '19:00', ...over });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; version: number };
    });
  const covers = async () => (await admin.get(`/api/admin/covers?from=${TODAY}&to=${TODAY}`)).json() as CoversOut;
  const at7pm = async () => (await covers()).days[0]!.hours.find((h) => h.hour === 19)!.seated;

  it('answers 401 to nobody on every new route', async () => {
    for (const res of [
      anonymous.patch('/api/admin/reservations/x/arrival', { status: 'arrived' }),
      anonymous.post('/api/admin/walk-ins', { partySize: 2 }),
      anonymous.get(`/api/admin/arrivals?date=${TODAY}`),
      anonymous.get(`/api/admin/covers?from=${TODAY}&to=${TODAY}`),
      anonymous.get('/api/admin/guests/record?email=a@b.co'),
    ]) {
      expect((await res).statusCode).toBe(401);
    }
  });

  it('marks arrived then seated (If-Match checked), lists the day, and the history shows each change', async () => {
    const { id } = await book();
    const bad = await admin.patch(`/api/admin/reservations/${id}/arrival`, { status: 'here' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ARRIVAL_STATUS_MESSAGE);

    const arrived = await admin.patch(`/api/admin/reservations/${id}/arrival`, { status: 'arrived' }, { 'if-match': '"0"' });
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json()).toEqual({ id, status: 'arrived', version: 1 });
    expect((await admin.patch(`/api/admin/reservations/${id}/arrival`, { status: 'seated' }, { 'if-match': '"0"' })).statusCode).toBe(409);
    const again = await admin.patch(`/api/admin/reservations/${id}/arrival`, { status: 'arrived' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(arrivalAlreadyMessage('arrived'));
    const skip = await admin.patch(`/api/admin/reservations/${id}/arrival`, { status: 'finished' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(arrivalTransitionMessage('arrived', 'finished'));
    expect((await admin.patch(`/api/admin/reservations/${id}/arrival`, { status: 'seated' })).statusCode).toBe(200);

    const day = (await admin.get(`/api/admin/arrivals?date=${TODAY}`)).json() as ArrivalsOut;
    expect(day.bookings).toContainEqual({ kind: 'reservation', id, status: 'seated', walkIn: false });
    const history = (await admin.get(`/api/admin/reservations/${id}/arrivals`)).json() as { events: { what: string; by: string }[] };
    expect(history.events.map((e) => e.what)).toEqual(['Marked arrived', 'Marked seated']);
    expect(history.events[0]!.by).toBe('owner@example.com');
  });

  it('refuses a future booking (409) and a bad date query (400); a no-show gives its seats back', async () => {
    const later = await book({ date: '2026-11-21', time: '11:00' });
    const early = await admin.patch(`/api/admin/reservations/${later.id}/arrival`, { status: 'arrived' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ARRIVAL_BEFORE_DAY_MESSAGE);
    expect((await admin.get('/api/admin/arrivals?date=tomorrow')).statusCode).toBe(400);
    expect((await admin.get(`/api/admin/covers?from=${TODAY}&to=2027-03-01`)).statusCode).toBe(400);

    const before = await at7pm();
    const { id } = await book({ partySize: 5, email: 'noshow@example.com' });
    expect(await at7pm()).toBe(before + 5);
    expect((await admin.patch(`/api/admin/reservations/${id}/arrival`, { status: 'no-show' })).statusCode).toBe(200);
    expect(await at7pm()).toBe(before);
    expect((await admin.patch(`/api/admin/reservations/${id}/arrival`, { status: 'expected' })).statusCode).toBe(200);
    expect(await at7pm()).toBe(before + 5);
  });

  it('after an arrival mark or a walk-in, Edit and Cancel with the version the reads hand out succeed', async () => {
    const { id } = await book({ time: '21:00', email: 'marked@example.com' });
    expect((await admin.patch(`/api/admin/reservations/${id}/arrival`, { status: 'arrived' })).statusCode).toBe(200);
    const read = (await admin.get(`/api/admin/reservations/${id}`)).json() as { version: number };
    expect(read.version).toBe(1);
    const edit = await admin.patch(`/api/reservations/${id}`, { partySize: 3 }, { 'if-match': `"${read.version}"` });
    expect(edit.statusCode, edit.body).toBe(200);

    const walkIn = (await admin.post('/api/admin/walk-ins', { partySize: 2 })).json() as { id: string; version: number };
    expect(walkIn.version).toBe(1);
    const stored = (await admin.get(`/api/admin/reservations/${walkIn.id}`)).json() as { version: number };
    expect(stored.version).toBe(walkIn.version);
    const cancel = await admin.delete(`/api/reservations/${walkIn.id}`, { 'if-match': `"${stored.version}"` });
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  it('after an approved party is marked arrived, its listed version edits it', async () => {
    const res = await admin.post('/api/party-bookings', { ...partyBody, date: TODAY, time: '20:30' });
    const { id } = res.json() as { id: string };
    expect((await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'approved' })).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/party-bookings/${id}/arrival`, { status: 'arrived' })).statusCode).toBe(200);
    const read = (await admin.get(`/api/admin/party-bookings/${id}`)).json() as { version: number };
    expect(read.version).toBe(2);
    const edit = await admin.patch(`/api/party-bookings/${id}/details`, { partySize: 12 }, { 'if-match': `"${read.version}"` });
    expect(edit.statusCode, edit.body).toBe(200);
  });

  it('a no-show moved to tomorrow is expected there and claims seats against the capacity', async () => {
    const TOMORROW = '2026-11-19';
    const { id } = await book({ partySize: 5, time: '20:00', email: 'moved@example.com' });
    expect((await admin.patch(`/api/admin/reservations/${id}/arrival`, { status: 'no-show' })).statusCode).toBe(200);
    const slots = (await anonymous.get(`/api/availability?date=${TOMORROW}`)).json() as { slots: { time: string; remaining: number }[] };
    const free = slots.slots.find((s) => s.time === '19:00')!.remaining;
    for (let left = free; left > 0; left -= Math.min(10, left)) {
      await book({ date: TOMORROW, time: '19:00', partySize: Math.min(10, left), email: 'filler@example.com' });
    }
    const version = () => admin.get(`/api/admin/reservations/${id}`).then((r) => `"${(r.json() as { version: number }).version}"`);
    const full = await admin.patch(`/api/reservations/${id}`, { date: TOMORROW, time: '19:00' }, { 'if-match': await version() });
    expect(full.statusCode, full.body).toBe(409);

    const tomorrowCovers = async () =>
      ((await admin.get(`/api/admin/covers?from=${TOMORROW}&to=${TOMORROW}`)).json() as CoversOut).days[0]!.total;
    const before = await tomorrowCovers();
    const moved = await admin.patch(`/api/reservations/${id}`, { date: TOMORROW, time: '16:00' }, { 'if-match': await version() });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await tomorrowCovers()).toBe(before + 5);
    const day = (await admin.get(`/api/admin/arrivals?date=${TOMORROW}`)).json() as ArrivalsOut;
    expect(day.bookings).toContainEqual({ kind: 'reservation', id, status: 'expected', walkIn: false });
  });

  it('a walk-in retried with its Idempotency-Key answers the first answer: same id, the stored date and slot', async () => {
    const headers = { 'idempotency-key': 'walk-in-retry-1' };
    const first = await admin.post('/api/admin/walk-ins', { partySize: 2, name: 'Retry' }, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ date: TODAY, time: '19:00' });
    t.clock.set('2026-11-19T01:40:00.000Z'); // 7:40 PM: the slot holding now is 7:30
    try {
      const again = await admin.post('/api/admin/walk-ins', { partySize: 2, name: 'Retry' }, headers);
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toEqual(first.json());
      const other = await admin.post('/api/admin/walk-ins', { partySize: 4, name: 'Retry' }, headers);
      expect(other.statusCode).toBe(409);
    } finally {
      t.clock.set(EVENING);
    }
  });

  it('walk-ins without an e-mail are found as bookings, never grouped as one guest', async () => {
    for (const partySize of [2, 3]) {
      expect((await admin.post('/api/admin/walk-ins', { partySize, name: 'Zed Nomail' })).statusCode).toBe(201);
    }
    const res = await admin.get('/api/admin/booking-search?q=nomail');
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json() as { results: unknown[]; guests: { email: string }[] };
    expect(found.results).toHaveLength(2);
    expect(found.guests).toEqual([]);
  });

  it('a pending party cannot arrive; an approved one can', async () => {
    const res = await admin.post('/api/party-bookings', { ...partyBody, date: TODAY, time: '19:30' });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    const pending = await admin.patch(`/api/admin/party-bookings/${id}/arrival`, { status: 'arrived' });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(ARRIVAL_PARTY_NOT_APPROVED);
    expect((await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'approved' })).statusCode).toBe(200);
    expect((await admin.patch(`/api/admin/party-bookings/${id}/arrival`, { status: 'arrived' })).statusCode).toBe(200);
  });

  it("a guest's record counts visits, no-shows and upcoming bookings by e-mail (any case)", async () => {
    const email = 'regular@example.com';
    const came = await book({ email, time: '20:00' });
    const missed = await book({ email, time: '20:30' });
    await book({ email, date: '2026-11-25', time: '18:00' });
    await admin.patch(`/api/admin/reservations/${came.id}/arrival`, { status: 'seated' });
    await admin.patch(`/api/admin/reservations/${missed.id}/arrival`, { status: 'no-show' });
    const res = await admin.get('/api/admin/guests/record?email=Regular@Example.com');
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json() as GuestRecord;
    expect(record).toMatchObject({ visits: 1, noShows: 1, cancelled: 0 });
    expect(record.upcoming.map((u) => u.date)).toEqual(['2026-11-25']);
    expect((await admin.get('/api/admin/guests/record?email=nobody@example.com')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/guests/record')).statusCode).toBe(400);
  });
  it('adds a walk-in now (seated, takes seats), refuses bad input (400), a full café and a closed hour (409)', async () => {
    const before = await covers();
    const res = await admin.post('/api/admin/walk-ins', { partySize: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const walkIn = res.json() as { id: string; date: string; time: string };
    expect(walkIn).toMatchObject({ date: TODAY, time: '19:00' });
    const after = await covers();
    expect(after.days[0]!.total).toBe(before.days[0]!.total + 3);
    const day = (await admin.get(`/api/admin/arrivals?date=${TODAY}`)).json() as ArrivalsOut;
    expect(day.bookings).toContainEqual({ kind: 'reservation', id: walkIn.id, status: 'seated', walkIn: true });
    const stored = (await admin.get(`/api/admin/reservations/${walkIn.id}`)).json() as { name: string };
    expect(stored.name).toBe('Walk-in');

    const tooBig = await admin.post('/api/admin/walk-ins', { partySize: 11 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('Party size must be between 1 and 10');
    expect((await admin.post('/api/admin/walk-ins', { partySize: 2, name: 'x'.repeat(500) })).statusCode).toBe(400);

    // Fill the café to its capacity (60) at 7 PM, then one more walk-in is refused.
    // 7:00 PM has passed, so today's availability no longer lists it: its seats are read as they were this morning.
    const slots = await earlier(
      async () => (await anonymous.get(`/api/availability?date=${TODAY}`)).json() as { slots: { time: string; remaining: number }[] },
    );
    const free = slots.slots.find((s) => s.time === '19:00')!.remaining;
    for (let left = free; left > 0; left -= Math.min(10, left)) {
      expect((await admin.post('/api/admin/walk-ins', { partySize: Math.min(10, left), name: 'Filler' })).statusCode).toBe(201);
    }
    const full = await admin.post('/api/admin/walk-ins', { partySize: 1 });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(walkInFullMessage(1));

    t.clock.set('2026-11-18T16:00:00.000Z'); // 10 AM: not yet open
    try {
      const closed = await admin.post('/api/admin/walk-ins', { partySize: 2 });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().message).toBe(WALK_IN_CLOSED_MESSAGE);
    } finally {
      t.clock.set(EVENING);
    }
  });
});
