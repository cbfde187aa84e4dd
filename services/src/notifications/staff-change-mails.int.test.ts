import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { mailsTo, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from './notifications-feature.js';
import { notificationStream } from './notifications-reactor.js';

/**
 * Staff changes reach the guest: a move of the time or date, or another party size, in the dashboard's
 * Edit dialog mails the guest what changed with the calendar event updated (same UID, higher SEQUENCE);
 * other edits, and a booking without an e-mail (recorded as skipped), mail nobody. Confirmations name the
 * games asked for; a mail of a booking that is over links to the site's reservations ("Book again"); a game
 * night's confirmation names the event's place. The test clock says Wednesday 2026-11-18, 10:00 in Chicago.
 */
let t: TestApp;
let visitor: Client;
let admin: Client;
beforeEach(async () => {
  t = await createTestApp();
  visitor = client(t);
  admin = client(t, await signInAdmin(t));
});
afterEach(async () => {
  await t.close();
});

const mailsFor = async (to: string) => {
  await notificationsOf(t.runtime)!.idle();
  return mailsTo(await outboxMails(t.dataDir), to);
};
const icsOf = (mail: ParsedMail) => mail.attachments.find((a) => a.filename === 'booking.ics')?.content.toString('utf8') ?? null;
const field = (ics: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics)?.[1]?.trim();
const book = async (path: string, body: object, as: Client = visitor) => {
  const res = await as.post(path, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
};

describe("staff change a booking's date, time or size", () => {
  it("staff move a reservation's time: the guest gets one mail naming the old and new time, with the same UID and SEQUENCE above 0", async () => {
    const id = await book('/api/reservations', reservationBody);
    const [confirmation] = await mailsFor(reservationBody.email);
    const uid = field(icsOf(confirmation!)!, 'UID');

    const moved = await admin.patch(`/api/reservations/${id}`, { time: '13:00' });
    expect(moved.statusCode, moved.body).toBe(200);

    const mails = await mailsFor(reservationBody.email);
    expect(mails).toHaveLength(2);
    const change = mails[1]!;
    expect(change.subject).toBe('We changed your booking: Saturday, November 21, 2026 at 1:00 PM');
    expect(change.text).toContain('Meeple Haven Café has changed your reservation.');
    expect(change.text).toContain('Moved from Saturday, November 21, 2026 at 11:00 AM to Saturday, November 21, 2026 at 1:00 PM.');
    const ics = icsOf(change)!;
    expect(field(ics, 'UID')).toBe(uid);
    expect(Number(field(ics, 'SEQUENCE'))).toBeGreaterThan(0);
    expect(field(ics, 'DTSTART')).toBe('20261121T190000Z'); // 1 PM in Chicago
    // Only the guest: nobody else was mailed.
    expect(await outboxMails(t.dataDir)).toHaveLength(2);
  });

  it("staff move a reservation to another day and change a party's size: each guest is told what changed", async () => {
    const reservation = await book('/api/reservations', reservationBody);
    expect((await admin.patch(`/api/reservations/${reservation}`, { date: '2026-11-27', time: '18:00' })).statusCode).toBe(200);
    const [, moved] = await mailsFor(reservationBody.email);
    expect(moved!.text).toContain('Moved from Saturday, November 21, 2026 at 11:00 AM to Friday, November 27, 2026 at 6:00 PM.');

    const party = await book('/api/party-bookings', partyBody);
    expect((await admin.patch(`/api/party-bookings/${party}/details`, { partySize: 15 })).statusCode).toBe(200);
    const [, resized] = await mailsFor(partyBody.email);
    expect(resized!.subject).toBe('We changed your booking: Saturday, November 28, 2026 at 6:00 PM');
    expect(resized!.text).toContain('Party size changed from 12 people to 15 people.');
    // Still a request: it says so and puts nothing in the guest's calendar.
    expect(resized!.text).toContain('still waiting for our team’s review');
    expect(icsOf(resized!)).toBeNull();
  });

  it('other edits mail nobody, nor does a booking taken without an e-mail (recorded as skipped)', async () => {
    const id = await book('/api/reservations', reservationBody);
    expect((await admin.patch(`/api/reservations/${id}`, { name: 'Ada King' })).statusCode).toBe(200);
    expect(await mailsFor(reservationBody.email)).toHaveLength(1);

    const phone = await book('/api/admin/reservations', { ...reservationBody, email: '', name: 'Phoebe Phone', time: '12:00' }, admin);
    expect((await admin.patch(`/api/reservations/${phone}`, { time: '12:30' })).statusCode).toBe(200);
    await notificationsOf(t.runtime)!.idle();
    const [, change] = await t.runtime.eventStore.readStream(`reservation-${phone}`);
    expect((await t.runtime.eventStore.readStream(notificationStream(change!.id))).map((e) => e.type)).toEqual(['NotificationSkipped']);
    expect(await outboxMails(t.dataDir)).toHaveLength(1);
  });
});

describe('what confirmations and cancellations carry', () => {
  it('a confirmation lists the games asked for; a cancellation links to the site to book again', async () => {
    const game = await admin.post('/api/admin/games', {
      title: 'Azul (test)',
      minPlayers: 2,
      maxPlayers: 4,
      copies: [{ condition: 'complete' }],
    });
    expect(game.statusCode, game.body).toBe(201);
    const id = await book('/api/reservations', { ...reservationBody, games: [game.json<{ id: string }>().id], teachUs: true });
    const [confirmation] = await mailsFor(reservationBody.email);
    expect(confirmation!.text).toMatch(/Games:\s+Azul \(test\)/);
    expect(confirmation!.text).toMatch(/Teach us a game:\s+Yes, our staff will show you how to play/);
    expect(confirmation!.html).toContain('Azul (test)');

    expect((await admin.delete(`/api/reservations/${id}`)).statusCode).toBe(200);
    const [, cancelled] = await mailsFor(reservationBody.email);
    const bookUrl = `${t.config.publicUrl}/#reservations`;
    expect(cancelled!.text).toContain(`Book again: ${bookUrl}`);
    expect(cancelled!.html).toContain(`<a href="${bookUrl}">Book again</a>`);
  });

  it("a game night sign-up's confirmation names the event's place", async () => {
    const res = await admin.post('/api/admin/events', {
      title: 'Catan night',
      event_date: '2026-11-20',
      event_time: '7:00 PM',
      location: 'The back room',
      max_attendees: 12,
    });
    expect(res.statusCode, res.body).toBe(201);
    const night = res.json<{ id: string }>().id;
    const signUp = await visitor.post(`/api/events/${night}/sign-ups`, {
      date: '2026-11-20',
      name: 'Lin Chen',
      email: 'lin@example.com',
      phone: '(262) 555-0123',
      places: 2,
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const [confirmation] = await mailsFor('lin@example.com');
    expect(confirmation!.text).toMatch(/Place:\s+The back room/);
  });
});
