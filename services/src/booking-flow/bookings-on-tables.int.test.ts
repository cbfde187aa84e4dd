import { describe, expect, it } from 'vitest';
import {
  FULLY_BOOKED_CODE,
  noTableFitsMessage,
  tableUntilText,
  PARTY_SIZE_QUERY_MESSAGE,
  type Availability,
  type BookingCreated,
  type BookingsView,
  type ReservationOut,
} from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { partyBody, reservationBody } from '../../test/booking-test-kit.js';
import { dayHolds, doubleBooked, setFloor } from '../../test/floor-booking-kit.js';
import { appendDirectly } from '../../test/test-app.js';
import { mailsTo, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';
import { seatingStream } from '../cafe-day/index.js';

// The clock says Wednesday 2026-11-18, 10:00 in Chicago; 2026-11-21 is a Saturday (slots 11:00–22:00).
const DATE = '2026-11-21';

describe('bookings on a floor: five 2-tops and two 6-tops seating 3 to 6 (6 + 6 joinable as 8 to 12)', () => {
  const { t, send } = useAdminApp();
  const visitor = { origin: 'http://localhost:3000' };
  const couple = (n: number, time = '19:00', date = DATE) =>
    send('POST', '/api/reservations', { ...reservationBody, name: `Couple ${n}`, partySize: 2, date, time }, visitor);
  const remainingAt = async (time: string, partySize?: number, date = DATE) => {
    const query = partySize === undefined ? '' : `&partySize=${partySize}`;
    const res = await send('GET', `/api/availability?date=${date}${query}`, undefined, {});
    return res.json<Availability>().slots.find((s) => s.time === time)!.remaining;
  };
  const listed = async () => (await send('GET', '/api/reservations')).json<ReservationOut[]>();

  it('given the floor, when five couples book 7 PM, then they take the five 2-tops; a sixth is refused though 12 chairs are free', async () => {
    await setFloor(t, send);
    // Before any booking a slot offers the largest party a table fits: the joined 6-tops' 12.
    expect(await remainingAt('19:00')).toBe(12);
    const answers = [];
    for (const n of [1, 2, 3, 4, 5]) answers.push(await couple(n));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const got = answers.map((a) => a.json<BookingCreated>());
    expect(got.map((a) => a.tables)).toEqual([['T1'], ['T2'], ['T3'], ['T4'], ['T5']]);
    expect(got.every((a) => a.stayUntil === '20:30')).toBe(true);

    // The 6-tops are free (12 chairs), but a couple never takes one online: it seats 3 to 6.
    const sixth = await couple(6);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({ message: noTableFitsMessage(2, '19:00'), code: FULLY_BOOKED_CODE });
    expect(await remainingAt('19:00', 2)).toBe(0);
    expect(await remainingAt('19:00', 4)).toBe(4);
    expect(await remainingAt('19:00')).toBe(12);

    // The staff list carries each booking's table and the end of its stay.
    const rows = (await listed()).filter((r) => r.date === DATE && r.time === '19:00');
    expect(rows.map((r) => r.tables?.[0]).sort()).toEqual(['T1', 'T2', 'T3', 'T4', 'T5']);
    expect(rows.every((r) => r.stayUntil === '20:30')).toBe(true);
  });

  it('when a party of 12 asks for 7 PM and staff approve it, then it gets the combination of both 6-tops', async () => {
    const asked = await send('POST', '/api/party-bookings', { ...partyBody, date: DATE, time: '19:00', partySize: 12 }, visitor);
    expect(asked.statusCode).toBe(201);
    // Pending: it had to fit a table, and holds none until approved.
    expect(asked.json<BookingCreated>().tables).toBeUndefined();
    const { id } = asked.json<BookingCreated>();
    expect((await send('PATCH', `/api/party-bookings/${id}/approve`, { status: 'approved' })).statusCode).toBe(200);
    const party = (await send('GET', `/api/admin/party-bookings/${id}`)).json<ReservationOut>();
    expect(party).toMatchObject({ tables: ['S1', 'S2'], stayUntil: '21:30' });
    // The approval tells the guest their tables and until when.
    await notificationsOf(t.runtime)!.idle();
    const approval = mailsTo(await outboxMails(t.dataDir), partyBody.email).find((m) =>
      m.subject?.startsWith('Your party booking is confirmed'),
    );
    expect(approval?.text).toContain(`We keep ${tableUntilText('21:30')}.`);
    expect(approval?.text).toMatch(/Tables:?\s+S1 \+ S2/);
    expect(await remainingAt('19:00')).toBe(0);
    expect(doubleBooked(await dayHolds(t, DATE))).toEqual([]);
  });

  it('a couple booked 7:00 on a two-top frees it at 8:30 with a 90-minute stay', async () => {
    expect(await remainingAt('20:00', 2)).toBe(0);
    expect((await couple(7, '20:00')).statusCode).toBe(409);
    expect(await remainingAt('20:30', 2)).toBe(2);
    const later = await couple(8, '20:30');
    expect(later.statusCode).toBe(201);
    expect(later.json<BookingCreated>()).toMatchObject({ tables: ['T1'], stayUntil: '22:00' });
    expect(doubleBooked(await dayHolds(t, DATE))).toEqual([]);
  });

  it('a change of size or time re-decides the tables; a table moved on the floor shows in the lists at once', async () => {
    const date = '2026-11-23';
    const { id } = (await couple(9, '18:00', date)).json<BookingCreated>();
    // Four guests: a 6-top now (3 to 6), for 120 minutes.
    expect((await send('PATCH', `/api/reservations/${id}`, { partySize: 4 })).statusCode).toBe(200);
    let row = (await send('GET', `/api/admin/reservations/${id}`)).json<ReservationOut>();
    expect(row).toMatchObject({ tables: ['S1'], stayUntil: '20:00' });
    // The change mail gives the new table and until when, as the confirmation does.
    await notificationsOf(t.runtime)!.idle();
    const changed = mailsTo(await outboxMails(t.dataDir), reservationBody.email).find(
      (m) => m.subject?.startsWith('We changed your booking') && m.subject.endsWith('6:00 PM'),
    );
    expect(changed?.text).toContain(`We keep ${tableUntilText('20:00')}.`);
    expect(changed?.text).toMatch(/Table:?\s+S1/);
    // A later time keeps the 6-top it sits at while it is free then.
    expect((await send('PATCH', `/api/reservations/${id}`, { time: '19:00' })).statusCode).toBe(200);
    row = (await send('GET', `/api/admin/reservations/${id}`)).json<ReservationOut>();
    expect(row).toMatchObject({ time: '19:00', tables: ['S1'], stayUntil: '21:00' });
    // Staff move it on the floor view (TablesAssigned on the day's stream): the list follows.
    await appendDirectly(t, seatingStream(date), {
      type: 'TablesAssigned',
      data: { date, bookingId: id, from: ['S1'], tables: ['S2'], by: 'staff' },
    });
    const moved = (await listed()).find((r) => r.id === id);
    expect(moved).toMatchObject({ tables: ['S2'], stayUntil: '21:00' });
    // And so does the dashboard's view of the day.
    const view = (await send('GET', `/api/admin/bookings?view=week&date=${date}`)).json<BookingsView>();
    expect(view.entries.find((e) => e.id === id)).toMatchObject({ tables: ['S2'], stayUntil: '21:00' });
  });

  it('a request repeated with its Idempotency-Key answers the tables the first one got; availability checks partySize', async () => {
    const date = '2026-11-25';
    const body = { ...reservationBody, partySize: 4, date, time: '18:00' };
    const headers = { ...visitor, 'idempotency-key': 'floor-repeat-1' };
    const first = await send('POST', '/api/reservations', body, headers);
    const again = await send('POST', '/api/reservations', body, headers);
    expect(first.json<BookingCreated>()).toMatchObject({ tables: ['S1'], stayUntil: '20:00' });
    expect(again.json<BookingCreated>()).toEqual(first.json<BookingCreated>());
    for (const partySize of ['0', '2.5', 'two']) {
      const bad = await send('GET', `/api/availability?date=${date}&partySize=${partySize}`, undefined, {});
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(PARTY_SIZE_QUERY_MESSAGE);
    }
    // Each party size its own cached answer, with its own ETag.
    const four = await send('GET', `/api/availability?date=${date}&partySize=4`, undefined, {});
    const six = await send('GET', `/api/availability?date=${date}&partySize=6`, undefined, {});
    expect(four.headers.etag).not.toBe(six.headers.etag);
    expect(four.json<Availability>().slots.find((s) => s.time === '18:00')!.remaining).toBe(4);
  });

  it('staff may book past every table: the booking is made, listed without a table', async () => {
    const date = '2026-11-24';
    for (const n of [1, 2, 3, 4, 5]) expect((await couple(20 + n, '19:00', date)).statusCode).toBe(201);
    const body = { ...reservationBody, partySize: 2, date, time: '19:00' };
    // The 6-tops seat 3 to 6, for staff too: the couple fits no table.
    const full = await send('POST', '/api/admin/reservations', body);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ message: noTableFitsMessage(2, '19:00'), code: FULLY_BOOKED_CODE });
    const forced = await send('POST', '/api/admin/reservations?override=capacity', body);
    expect(forced.statusCode).toBe(201);
    expect(forced.json<BookingCreated>()).toMatchObject({ tables: [], stayUntil: '20:30' });
    expect((await listed()).find((r) => r.id === forced.json<BookingCreated>().id)?.tables).toEqual([]);
    expect(doubleBooked(await dayHolds(t, date))).toEqual([]);
  });
});
