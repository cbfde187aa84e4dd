import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import {
  FULLY_BOOKED_CODE,
  PARTY_PAST_MESSAGE,
  RESERVATION_PAST_MESSAGE,
  bookingHorizonMessage,
  blockedDateMessage,
  fullyBookedMessage,
  type Availability,
} from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { bookingEvents, client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { mailsTo, manageLinkOf, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';

/**
 * A guest moves their own booking to another day through the link of its e-mails: the same command path
 * and rules as a new booking (hours, closed dates, seats, horizon, not in the past); the old day's seats
 * are given back in the same decision; one mail says what changed and updates the calendar event.
 * The test clock says Wednesday 2026-11-18, 10:00 in Chicago; the booking is Saturday 2026-11-21, 11:00, 4 people.
 */
let t: TestApp;
let visitor: Client;
beforeEach(async () => {
  t = await createTestApp();
  visitor = client(t);
});
afterEach(async () => {
  await t.close();
});

const OLD_DAY = '2026-11-21';
const NEW_DAY = '2026-11-27'; // a Friday: 3 PM to 11 PM

const mailsFor = async (to: string) => {
  await notificationsOf(t.runtime)!.idle();
  return mailsTo(await outboxMails(t.dataDir), to);
};
const icsOf = (mail: ParsedMail) => mail.attachments.find((a) => a.filename === 'booking.ics')?.content.toString('utf8') ?? '';
const field = (ics: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics)?.[1]?.trim();
const remainingAt = async (date: string, time: string) =>
  (await visitor.get(`/api/availability?date=${date}`)).json<Availability>().slots.find((s) => s.time === time)?.remaining;

async function book(path: '/api/reservations' | '/api/party-bookings', body: { email: string } & Record<string, unknown>) {
  const res = await visitor.post(path, body);
  expect(res.statusCode, res.body).toBe(201);
  const [first] = await mailsFor(body.email);
  const token = new URL(manageLinkOf(first!)!).searchParams.get('token')!;
  return { id: res.json<{ id: string }>().id, api: `/api/guest-bookings/${token}`, first: first! };
}

describe('a guest moves their booking to another day through the link', () => {
  it('moves it: the old day has the seats back, the new day holds them, one mail with the new date and the same calendar event', async () => {
    const { api, first } = await book('/api/reservations', reservationBody);
    expect(await remainingAt(OLD_DAY, '11:00')).toBe(56);
    expect(await remainingAt(NEW_DAY, '18:00')).toBe(60);

    const moved = await visitor.patch(api, { date: NEW_DAY, time: '18:00' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await visitor.get(api)).json()).toMatchObject({ date: NEW_DAY, time: '18:00', partySize: 4, status: 'confirmed' });
    expect(await remainingAt(OLD_DAY, '11:00')).toBe(60);
    expect(await remainingAt(NEW_DAY, '18:00')).toBe(56);
    const admin = client(t, await signInAdmin(t));
    const listed = (await admin.get('/api/reservations')).json<{ date: string; time: string }[]>();
    expect(listed.map((r) => [r.date, r.time])).toEqual([[NEW_DAY, '18:00']]);

    const mails = await mailsFor(reservationBody.email);
    expect(mails).toHaveLength(2);
    const change = mails[1]!;
    expect(change.subject).toBe('Your booking was changed: Friday, November 27, 2026 at 6:00 PM');
    expect(change.text).toContain('Moved from Saturday, November 21, 2026 at 11:00 AM to Friday, November 27, 2026 at 6:00 PM.');
    expect(change.text).toMatch(/Date:\s+Friday, November 27, 2026/);
    const [before, after] = [icsOf(first), icsOf(change)];
    expect(field(after, 'UID')).toBe(field(before, 'UID'));
    expect(Number(field(after, 'SEQUENCE'))).toBeGreaterThan(Number(field(before, 'SEQUENCE') ?? 0));
    expect(field(after, 'DTSTART')).toBe('20261128T000000Z'); // 6 PM on the 27th in Chicago
    // The mail's link is signed for the new day, so it works until that day is over.
    const link = manageLinkOf(change)!;
    expect((await visitor.get(`/api/guest-bookings/${new URL(link).searchParams.get('token')}`)).json()).toMatchObject({ date: NEW_DAY });
    expect(await outboxMails(t.dataDir)).toHaveLength(2);
  });

  it('refuses a closed date, a full slot, a date past the horizon and a past date with the contract message, and changes nothing', async () => {
    const { api } = await book('/api/reservations', reservationBody);
    const admin = client(t, await signInAdmin(t));
    expect((await admin.post('/api/admin/blocked-dates', { date: '2026-11-28', reason: 'Private event' })).statusCode).toBe(201);
    // Friday 6 PM is full: 60 seats taken by staff's bookings.
    for (let i = 0; i < 6; i++) {
      const res = await admin.post('/api/admin/reservations', {
        ...reservationBody,
        email: `full${i}@example.com`,
        partySize: 10,
        date: NEW_DAY,
        time: '18:00',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const eventsBefore = (await bookingEvents(t)).length;
    const refusals: [object, number, object][] = [
      [{ date: '2026-11-28', time: '18:00' }, 409, { message: blockedDateMessage('Private event') }],
      [{ date: NEW_DAY, time: '18:00' }, 409, { message: fullyBookedMessage('18:00'), code: FULLY_BOOKED_CODE }],
      [{ date: '2027-11-19', time: '18:00' }, 400, { message: bookingHorizonMessage('2026-11-18') }],
      [{ date: '2026-11-17', time: '18:00' }, 400, { message: RESERVATION_PAST_MESSAGE }],
    ];
    for (const [body, status, answer] of refusals) {
      const res = await visitor.patch(api, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject(answer);
    }
    expect((await visitor.get(api)).json()).toMatchObject({ date: OLD_DAY, time: '11:00', partySize: 4 });
    expect(await bookingEvents(t)).toHaveLength(eventsBefore);
    expect(await remainingAt(OLD_DAY, '11:00')).toBe(56);
    expect(await remainingAt(NEW_DAY, '18:00')).toBe(0);
    expect(await mailsFor(reservationBody.email)).toHaveLength(1);
  });

  it('a day the hours close is refused, and a move that keeps the time is checked against the new day', async () => {
    const { api } = await book('/api/reservations', reservationBody);
    // 11:00 is not a Friday slot (Friday opens at 3 PM): the stored time does not fit the new day.
    const outside = await visitor.patch(api, { date: NEW_DAY });
    expect(outside.statusCode).toBe(400);
    expect((await visitor.get(api)).json()).toMatchObject({ date: OLD_DAY, time: '11:00' });
    // Sunday opens at 11 too: the time stays.
    expect((await visitor.patch(api, { date: '2026-11-22' })).statusCode).toBe(200);
    expect((await visitor.get(api)).json()).toMatchObject({ date: '2026-11-22', time: '11:00' });
  });

  it('a party request moves the way its other changes go: still pending, with its own past-date message', async () => {
    const { api } = await book('/api/party-bookings', partyBody);
    const past = await visitor.patch(api, { date: '2026-11-17', time: '18:00' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: PARTY_PAST_MESSAGE });
    expect((await visitor.patch(api, { date: '2026-12-05', time: '18:00' })).statusCode).toBe(200);
    expect((await visitor.get(api)).json()).toMatchObject({ date: '2026-12-05', time: '18:00', status: 'pending' });
    const mails = await mailsFor(partyBody.email);
    expect(mails.at(-1)!.text).toContain('Moved from Saturday, November 28, 2026 at 6:00 PM to Saturday, December 5, 2026 at 6:00 PM.');
    expect(mails.at(-1)!.attachments).toHaveLength(0); // a pending request is in no calendar yet
  });
});
