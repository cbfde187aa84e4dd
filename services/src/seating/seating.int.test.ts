import { describe, expect, it } from 'vitest';
import { FULLY_BOOKED_CODE, type Availability } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { partyBody, reservationBody } from '../../test/booking-test-kit.js';
import { fold } from '../platform/commands/decider.js';
import { holdsOf, seatingDecider, seatingStream } from '../cafe-day/seating-decider.js';

// The clock says Wednesday 2026-11-18, 10:00 in Chicago; 2026-11-21 is a Saturday (slots 11:00–22:00).
const DATE = '2026-11-21';
const fullAt = (time12: string) => `Sorry, we are fully booked at ${time12}. Please choose another time.`;

describe('seats per slot', () => {
  const { t, send, admin } = useAdminApp();
  const visitor = { origin: 'http://localhost:3000' };
  const book = (body: object, headers: Record<string, string> = visitor) => send('POST', '/api/reservations', body, headers);
  const availability = async (date = DATE) => (await send('GET', `/api/availability?date=${date}`, undefined, {})).json<Availability>();
  const remainingAt = async (time: string, date = DATE) => (await availability(date)).slots.find((s) => s.time === time)!.remaining;
  const setSeating = (seatCapacity: number, holdingMinutes = 120) =>
    send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', seatCapacity, holdingMinutes });
  /** The seats the day stream holds at a time, folded from the event store (the authority). */
  const heldInStream = async (date = DATE) =>
    Object.values(holdsOf(fold(seatingDecider, await t.runtime.eventStore.readStream(seatingStream(date)))));

  it('business info carries the seat capacity (default 60) and holding time (default 2 hours), validated', async () => {
    const info = (await send('GET', '/api/business-info', undefined, {})).json();
    expect(info).toMatchObject({ seatCapacity: 60, holdingMinutes: 120 });
    const bad = await setSeating(0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Seat capacity must be a whole number from 1 to 1000');
    const badHold = await setSeating(20, 45);
    expect(badHold.statusCode).toBe(400);
    expect(badHold.json().message).toBe('Table holding time must be between 30 minutes and 8 hours, in 30-minute steps');
    const saved = await setSeating(20, 120);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ seatCapacity: 20, holdingMinutes: 120 });
    expect(await remainingAt('11:00')).toBe(20);
  });

  it('50 concurrent bookings for the last 8 seats never seat more than 8 people; the rest hear "fully booked"', async () => {
    // 12 of 20 seats at 11:00 are taken: 8 left.
    expect((await book({ ...reservationBody, partySize: 6 })).statusCode).toBe(201);
    expect((await book({ ...reservationBody, partySize: 6 })).statusCode).toBe(201);
    expect(await remainingAt('11:00')).toBe(8);
    const sizes = Array.from({ length: 50 }, (_, i) => 2 + (i % 3));
    const answers = await Promise.all(sizes.map((partySize) => book({ ...reservationBody, partySize })));
    const accepted = answers.flatMap((res, i) => (res.statusCode === 201 ? [sizes[i]!] : []));
    const seated = accepted.reduce((a, b) => a + b, 0);
    expect(seated).toBeLessThanOrEqual(8);
    expect(seated).toBeGreaterThanOrEqual(6); // the race is lost to other guests, never to the rule
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: fullAt('11:00 AM'), code: FULLY_BOOKED_CODE });
    }
    // The day stream, the read model behind the availability and the reservations list agree.
    const held = await heldInStream();
    expect(held.reduce((sum, h) => sum + h.partySize, 0)).toBe(12 + seated);
    expect(await remainingAt('11:00')).toBe(8 - seated);
    const listed = (await send('GET', '/api/reservations')).json<{ date: string; time: string; partySize: number }[]>();
    expect(listed.filter((r) => r.date === DATE && r.time === '11:00').reduce((s, r) => s + r.partySize, 0)).toBe(12 + seated);
    // The table is held for 2 hours: 12:30 is as full, 13:00 is free again.
    expect(await remainingAt('12:30')).toBe(8 - seated);
    expect(await remainingAt('13:00')).toBe(20);
  });

  it('availability is validated with the contract schema and answered with an ETag (304 when unchanged)', async () => {
    const bad = await send('GET', '/api/availability?date=2026-13-40', undefined, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('date must be a date (yyyy-MM-dd)');
    expect((await send('GET', '/api/availability', undefined, {})).statusCode).toBe(400);
    const first = await send('GET', `/api/availability?date=${DATE}`, undefined, {});
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await send('GET', `/api/availability?date=${DATE}`, undefined, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('staff are refused at a full slot unless they override; the override is recorded', async () => {
    const full = { ...reservationBody, time: '11:00', partySize: 10 };
    const refused = await send('POST', '/api/admin/reservations', full);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: fullAt('11:00 AM'), code: FULLY_BOOKED_CODE });
    expect((await send('POST', '/api/admin/reservations?override=yes', full)).statusCode).toBe(400);
    const forced = await send('POST', '/api/admin/reservations?override=capacity', full);
    expect(forced.statusCode).toBe(201);
    const hold = (await t.runtime.eventStore.readStream(seatingStream(DATE))).at(-1)!;
    expect(hold.data).toMatchObject({ bookingId: forced.json().id, partySize: 10, overCapacity: true });
    expect(hold.metadata.actor).toMatchObject({ kind: 'admin' });
    expect(await remainingAt('11:00')).toBe(0);
    // Cancelling gives the seats back.
    const { id } = forced.json();
    expect((await send('DELETE', `/api/reservations/${id}`)).statusCode).toBe(200);
    expect((await heldInStream()).some((h) => h.bookingId === id)).toBe(false);
  });

  it('a staff change of time or size is checked too, and moving a booking moves its seats', async () => {
    const { id } = (await send('POST', '/api/admin/reservations', { ...reservationBody, time: '15:00', partySize: 10 })).json();
    expect(await remainingAt('15:00')).toBe(10);
    const filler = (await send('POST', '/api/admin/reservations', { ...reservationBody, time: '18:00', partySize: 10 })).json();
    // 15:00 → 17:00 would overlap the 18:00 party: 10 + 10 ≤ 20, fine; size 10 → 11 at 17:00 would not be.
    const moved = await send('PATCH', `/api/reservations/${id}`, { time: '17:00' });
    expect(moved.statusCode).toBe(200);
    expect(await remainingAt('15:00')).toBe(20);
    expect(await remainingAt('17:00')).toBe(0);
    const second = (await send('POST', '/api/admin/reservations', { ...reservationBody, time: '20:00', partySize: 5 })).json();
    const grow = await send('PATCH', `/api/reservations/${second.id}`, { time: '18:30' }, { ...admin, 'if-match': '0' });
    expect(grow.statusCode).toBe(409);
    expect(grow.json().message).toBe(fullAt('6:30 PM'));
    const forced = await send(
      'PATCH',
      `/api/reservations/${second.id}?override=capacity`,
      { time: '18:30' },
      { ...admin, 'if-match': '0' },
    );
    expect(forced.statusCode).toBe(200);
    // A move to another date gives the old date its seats back.
    expect((await send('PATCH', `/api/reservations/${filler.id}`, { date: '2026-11-22' })).statusCode).toBe(200);
    expect((await heldInStream()).some((h) => h.bookingId === filler.id)).toBe(false);
    expect((await heldInStream('2026-11-22')).map((h) => h.bookingId)).toEqual([filler.id]);
  });

  it('a stale If-Match on a change leaves the seats as the booking says', async () => {
    const { id } = (await send('POST', '/api/admin/reservations', { ...reservationBody, time: '21:00', partySize: 4 })).json();
    const stale = await send('PATCH', `/api/reservations/${id}`, { partySize: 8 }, { ...admin, 'if-match': '5' });
    expect(stale.statusCode).toBe(409);
    expect((await heldInStream()).find((h) => h.bookingId === id)?.partySize).toBe(4);
  });

  it('a public party request must fit but holds nothing until approved; approval at a full slot needs an override', async () => {
    const date = '2026-11-28';
    const party = { ...partyBody, date, time: '18:00', partySize: 12 };
    const pending = await send('POST', '/api/party-bookings', party, visitor);
    expect(pending.statusCode).toBe(201);
    expect(await remainingAt('18:00', date)).toBe(20);
    // A table of 10 books meanwhile: the party no longer fits.
    expect((await book({ ...reservationBody, date, time: '18:00', partySize: 10 })).statusCode).toBe(201);
    const tooBig = await send('POST', '/api/party-bookings', party, visitor);
    expect(tooBig.statusCode).toBe(409);
    expect(tooBig.json().message).toBe(fullAt('6:00 PM'));
    const { id } = pending.json();
    const approve = (query = '') => send('PATCH', `/api/party-bookings/${id}/approve${query}`, { status: 'approved' });
    const refused = await approve();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(FULLY_BOOKED_CODE);
    expect((await approve('?override=capacity')).statusCode).toBe(200);
    expect(await remainingAt('18:00', date)).toBe(0);
    expect((await heldInStream(date)).find((h) => h.bookingId === id)).toMatchObject({ kind: 'party', partySize: 12 });
    // Cancelling the approved party frees its seats.
    expect((await send('DELETE', `/api/party-bookings/${id}`)).statusCode).toBe(200);
    expect(await remainingAt('18:00', date)).toBe(10);
  });

  it('a lower capacity applies to the next booking at once, and availability follows it', async () => {
    const date = '2026-12-05';
    expect((await setSeating(4, 60)).statusCode).toBe(200);
    expect(await remainingAt('12:00', date)).toBe(4);
    expect((await book({ ...reservationBody, date, time: '12:00', partySize: 4 })).statusCode).toBe(201);
    expect((await book({ ...reservationBody, date, time: '12:30', partySize: 2 })).statusCode).toBe(409);
    expect((await book({ ...reservationBody, date, time: '13:00', partySize: 2 })).statusCode).toBe(201);
    expect(await remainingAt('12:30', date)).toBe(0);
    expect(await remainingAt('14:00', date)).toBe(4);
    await setSeating(60, 120);
  });
});
