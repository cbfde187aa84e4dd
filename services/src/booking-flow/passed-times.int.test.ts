import { describe, expect, it } from 'vitest';
import { passedTimeMessage, type Availability } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { partyBody, reservationBody } from '../../test/booking-test-kit.js';
import { mailsTo, manageLinkOf, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';

// Wednesday 2026-11-18, 8:10 PM in Chicago (CST, UTC-6): the café seats guests 15:00–22:00 that day.
const EVENING = '2026-11-19T02:10:00.000Z';
const TODAY = '2026-11-18';
const TOMORROW = '2026-11-19';
const visitor = { origin: 'http://localhost:3000' };

describe("today's times the café's clock has passed (8:10 PM)", () => {
  const { t, send } = useAdminApp({ now: EVENING, env: { BUSINESS_TIME_ZONE: 'America/Chicago' } });
  const availability = async (date: string) =>
    (await send('GET', `/api/availability?date=${date}`, undefined, visitor)).json<Availability>();
  const book = (path: string, body: object, headers: Record<string, string> = visitor) => send('POST', path, body, headers);
  const reservation = { ...reservationBody, date: TODAY };
  const party = { ...partyBody, date: TODAY };

  it('are not in the availability: today starts at 8:30 PM, tomorrow still at 3:00 PM', async () => {
    t.clock.set(EVENING);
    const times = (await availability(TODAY)).slots.map((s) => s.time);
    expect(times).toEqual(['20:30', '21:00', '21:30', '22:00']);
    expect((await availability(TOMORROW)).slots[0]?.time).toBe('15:00');
    expect((await availability('2026-11-17')).slots).toEqual([]);
  });

  it('are refused to a guest (reservation and party) with the one message; 8:30 PM is booked', async () => {
    t.clock.set(EVENING);
    for (const [path, body] of [
      ['/api/reservations', reservation],
      ['/api/party-bookings', party],
    ] as const) {
      const refused = await book(path, { ...body, time: '15:00' });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().message).toBe(passedTimeMessage('15:00'));
      expect(refused.json().message).toBe('Sorry, 3:00 PM today has already passed. Please choose a later time.');
      // 8:00 PM started ten minutes ago: gone too (a slot is offered while it starts at or after now).
      expect((await book(path, { ...body, time: '20:00' })).json().message).toBe(passedTimeMessage('20:00'));
      expect((await book(path, { ...body, time: '20:30' })).statusCode).toBe(201);
    }
  });

  it('a slot stays bookable through its starting minute, and is gone at the next', async () => {
    t.clock.set('2026-11-19T02:30:59.000Z'); // 8:30:59 PM
    expect((await availability(TODAY)).slots[0]?.time).toBe('20:30');
    expect((await book('/api/reservations', { ...reservation, time: '20:30', email: 'late@example.com' })).statusCode).toBe(201);
    t.clock.set('2026-11-19T02:31:00.000Z'); // 8:31 PM
    expect((await availability(TODAY)).slots[0]?.time).toBe('21:00');
    const refused = await book('/api/reservations', { ...reservation, time: '20:30', email: 'later@example.com' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(passedTimeMessage('20:30'));
    t.clock.set(EVENING);
  });

  it('are refused to staff adding or moving a booking, while a walk-in is still seated now', async () => {
    t.clock.set(EVENING);
    const added = await send('POST', '/api/admin/reservations', { ...reservation, time: '15:00' });
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toBe(passedTimeMessage('15:00'));
    const later = await send('POST', '/api/admin/reservations', { ...reservation, time: '21:00', email: 'staff@example.com' });
    expect(later.statusCode).toBe(201);
    const { id } = later.json<{ id: string }>();
    const moved = await send('PATCH', `/api/reservations/${id}`, { time: '17:00' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(passedTimeMessage('17:00'));
    // Guests at the door: booked and seated at the slot holding now (8:00 PM), which has started.
    const walkIn = await send('POST', '/api/admin/walk-ins', { partySize: 2 });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    const stored = await send('GET', `/api/admin/reservations/${walkIn.json<{ id: string }>().id}`);
    expect(stored.json()).toMatchObject({ date: TODAY, time: '20:00' });
  });

  it("are refused to a guest changing their booking's time through their link", async () => {
    t.clock.set(EVENING);
    const email = 'link@example.com';
    expect((await book('/api/reservations', { ...reservation, time: '21:30', email })).statusCode).toBe(201);
    await notificationsOf(t.runtime)!.idle();
    const token = new URL(manageLinkOf(mailsTo(await outboxMails(t.dataDir), email).at(-1)!)!).searchParams.get('token')!;
    const changed = await send('PATCH', `/api/guest-bookings/${token}`, { time: '16:00' }, visitor);
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toBe(passedTimeMessage('16:00'));
    expect((await send('PATCH', `/api/guest-bookings/${token}`, { time: '22:00' }, visitor)).statusCode).toBe(200);
  });
});
