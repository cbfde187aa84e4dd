import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { ParsedMail } from 'mailparser';
import { DEFAULT_EMAIL } from '@cafe/contracts';
import { appendDirectly, createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { mailsTo, manageLinkOf, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from './notifications-feature.js';
import { notificationStream, type NotificationRecipient } from './notifications-reactor.js';
import { mailRecord } from './mail-record.js';

/**
 * The mails of a booking's later life, read out of the outbox as a mail client would: a guest's own
 * change and cancellation through their link, staff cancelling or deleting a booking, and the café's
 * copy of a new party request. Each goes out once, to the right address; the .ics keeps the booking's
 * UID with a higher SEQUENCE, so the guest's calendar moves or removes the event it holds.
 * The test clock says Wednesday 2026-11-18, 10:00 in Chicago.
 */
let t: TestApp;
let visitor: Client;
let admin: Client;
const lines: { msg: string; correlationId?: string; type?: string; recipient?: string }[] = [];

async function start() {
  lines.length = 0;
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
  t = await createTestApp({ logger });
  visitor = client(t);
  admin = client(t, await signInAdmin(t));
}
afterEach(async () => {
  await t?.close();
});

const settle = () => notificationsOf(t.runtime)!.idle();
const mails = async (to: string) => {
  await settle();
  return mailsTo(await outboxMails(t.dataDir), to);
};
const icsOf = (mail: ParsedMail) => {
  const ics = mail.attachments.find((a) => a.filename === 'booking.ics');
  return ics ? { text: ics.content.toString('utf8'), type: ics.contentType } : null;
};
const field = (ics: string, name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(ics)?.[1]?.trim();
const replyToOf = (mail: ParsedMail) => (mail.replyTo ? mail.replyTo.text : '');

/** Books on the public site and reads the guest's link out of their first mail. */
async function book(path: '/api/reservations' | '/api/party-bookings', body: { email: string } & Record<string, unknown>) {
  const res = await visitor.post(path, body);
  expect(res.statusCode, res.body).toBe(201);
  const [first] = await mails(body.email);
  const token = new URL(manageLinkOf(first!)!).searchParams.get('token')!;
  return { id: (res.json() as { id: string }).id, api: `/api/guest-bookings/${token}`, first: first! };
}

describe("a guest's own change and cancellation through the manage link", () => {
  it('mails the guest once for each: the change with the updated .ics, then the cancellation with a METHOD:CANCEL .ics', async () => {
    await start();
    // Given a reservation confirmed with its invitation
    const { api, first } = await book('/api/reservations', reservationBody);
    const invitation = icsOf(first)!.text;
    const uid = field(invitation, 'UID');
    expect(uid).toMatch(/^reservation-.+@meeplehaven$/);

    // When the guest moves it to 1:30 PM for 6 people
    const changed = await visitor.patch(api, { time: '13:30', partySize: 6 });
    expect(changed.statusCode).toBe(200);
    const afterChange = await mails(reservationBody.email);
    // Then one more mail, to the guest only, says so and updates the calendar event
    expect(afterChange).toHaveLength(2);
    const change = afterChange[1]!;
    expect(change.subject).toBe('Your booking was changed: Saturday, November 21, 2026 at 1:30 PM');
    for (const part of ['As you asked, we have changed your reservation', '6 people', '1:30 PM', 'Saturday, November 21, 2026']) {
      expect(change.text).toContain(part);
    }
    expect(manageLinkOf(change), 'the link still manages it').toBe(manageLinkOf(first));
    const update = icsOf(change)!;
    expect(field(update.text, 'UID')).toBe(uid);
    expect(field(update.text, 'SEQUENCE')).toBe('1');
    expect(field(update.text, 'DTSTART')).toBe('20261121T193000Z'); // 13:30 in Chicago
    expect(field(update.text, 'SUMMARY')).toBe('Table for 6 at Meeple Haven Café');
    expect(field(update.text, 'STATUS')).toBe('CONFIRMED');

    // When the guest cancels it
    const cancelled = await visitor.delete(api);
    expect(cancelled.statusCode).toBe(200);
    const afterCancel = await mails(reservationBody.email);
    // Then one more mail confirms it, with an .ics that removes the event
    expect(afterCancel).toHaveLength(3);
    const cancel = afterCancel[2]!;
    expect(cancel.subject).toBe('Your booking is cancelled: Saturday, November 21, 2026 at 1:30 PM');
    expect(cancel.text).toContain('As you asked, we have cancelled your reservation at Meeple Haven Café.');
    expect(manageLinkOf(cancel), 'the link no longer works, so it is not offered').toBeNull();
    const removal = icsOf(cancel)!;
    expect(removal.type).toBe('text/calendar');
    expect(field(removal.text, 'METHOD')).toBe('CANCEL');
    expect(field(removal.text, 'STATUS')).toBe('CANCELLED');
    expect(field(removal.text, 'UID')).toBe(uid);
    expect(field(removal.text, 'SEQUENCE')).toBe('2');

    // Nobody else was mailed, and each mail is logged with the request's correlation id
    expect(await outboxMails(t.dataDir)).toHaveLength(3);
    for (const res of [changed, cancelled]) {
      const sent = lines.filter((l) => l.msg === 'notification sent' && l.correlationId === res.headers['x-request-id']);
      expect(sent).toHaveLength(1);
    }
    expect(lines.filter((l) => l.msg === 'notification sent').map((l) => [l.type, l.recipient])).toEqual([
      ['ReservationRequested', 'guest'],
      ['ReservationChanged', 'guest'],
      ['ReservationCancelled', 'guest'],
    ]);
    // And a restart sends none of them again
    t = await t.restart();
    await settle();
    expect(await outboxMails(t.dataDir)).toHaveLength(3);
  });

  it('a pending party request: the change mail has no .ics (nothing is in the calendar yet), nor has the cancellation', async () => {
    await start();
    const { api } = await book('/api/party-bookings', partyBody);
    expect((await visitor.patch(api, { partySize: 15 })).statusCode).toBe(200);
    expect((await visitor.delete(api)).statusCode).toBe(200);
    const [, change, cancel] = await mails(partyBody.email);
    expect(change!.subject).toBe('Your booking was changed: Saturday, November 28, 2026 at 6:00 PM');
    expect(change!.text).toContain('As you asked, we have changed your party booking request');
    expect(change!.text).toContain('still waiting for our team’s review');
    expect(change!.text).toContain('15 people');
    expect(icsOf(change!)).toBeNull();
    expect(cancel!.subject).toBe('Your booking is cancelled: Saturday, November 28, 2026 at 6:00 PM');
    expect(icsOf(cancel!)).toBeNull();
    expect(await mails(partyBody.email)).toHaveLength(3);
  });

  it("staff edits other than the date, time or size mail nobody (those are staff-change-mails' business)", async () => {
    await start();
    const { id } = await book('/api/reservations', reservationBody);
    expect((await admin.patch(`/api/reservations/${id}`, { specialRequests: 'High chair' })).statusCode).toBe(200);
    expect(await mails(reservationBody.email)).toHaveLength(1);
  });
});

describe('staff cancel or delete a booking', () => {
  it('mails the guest of a deleted party booking and of a deleted reservation once, with a METHOD:CANCEL .ics', async () => {
    await start();
    // Given an approved party (its invitation sent) and a reservation
    const party = await book('/api/party-bookings', partyBody);
    expect((await admin.patch(`/api/party-bookings/${party.id}/approve`, { status: 'approved' })).statusCode).toBe(200);
    const [, approval] = await mails(partyBody.email);
    const uid = field(icsOf(approval!)!.text, 'UID');
    const reservation = await book('/api/reservations', reservationBody);

    // When staff delete both from their lists
    expect((await admin.delete(`/api/party-bookings/${party.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/reservations/${reservation.id}`)).statusCode).toBe(200);

    // Then each guest gets one mail saying the café cancelled it
    const partyMails = await mails(partyBody.email);
    expect(partyMails.map((m) => m.subject)).toEqual([
      'We received your party booking request for Saturday, November 28, 2026',
      'Your party booking is confirmed: Saturday, November 28, 2026 at 6:00 PM',
      'Your party booking on Saturday, November 28, 2026 is cancelled',
    ]);
    const cancel = partyMails[2]!;
    expect(cancel.text).toContain(
      'We are sorry: Meeple Haven Café has cancelled your party booking for Saturday, November 28, 2026 at 6:00 PM.',
    );
    expect(cancel.text).toContain('(262) 555-0142');
    const removal = icsOf(cancel)!.text;
    expect(field(removal, 'METHOD')).toBe('CANCEL');
    expect(field(removal, 'UID')).toBe(uid);
    expect(Number(field(removal, 'SEQUENCE'))).toBeGreaterThan(0);

    const reservationMails = await mails(reservationBody.email);
    expect(reservationMails.map((m) => m.subject)).toEqual([
      'Reservation confirmed: Saturday, November 21, 2026 at 11:00 AM',
      'Your reservation on Saturday, November 21, 2026 is cancelled',
    ]);
    expect(field(icsOf(reservationMails[1]!)!.text, 'METHOD')).toBe('CANCEL');
  });

  it('mails nobody when staff delete a declined party request, or tidy away a booking whose day has passed', async () => {
    await start();
    const declined = await book('/api/party-bookings', partyBody);
    expect((await admin.patch(`/api/party-bookings/${declined.id}/approve`, { status: 'rejected' })).statusCode).toBe(200);
    expect((await admin.delete(`/api/party-bookings/${declined.id}`)).statusCode).toBe(200);
    expect((await mails(partyBody.email)).map((m) => m.subject)).toEqual([
      'We received your party booking request for Saturday, November 28, 2026',
      'About your party booking request for Saturday, November 28, 2026',
    ]);

    const past = await book('/api/reservations', reservationBody);
    t.clock.set('2026-11-23T16:00:00.000Z'); // Monday: Saturday's reservation is history
    expect((await admin.delete(`/api/reservations/${past.id}`)).statusCode).toBe(200);
    expect(await mails(reservationBody.email)).toHaveLength(1);
  });

  it("a closure's cancellation stays one mail per guest: the one that says why", async () => {
    await start();
    await book('/api/reservations', { ...reservationBody, date: '2026-12-01', time: '18:00' });
    const res = await admin.post('/api/admin/blocked-ranges', {
      from: '2026-12-01',
      to: '2026-12-01',
      reason: 'Plumbing',
      bookings: 'cancel',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [first, closed, ...more] = await mails(reservationBody.email);
    expect(closed!.subject).toBe('Your reservation on Tuesday, December 1, 2026 is cancelled: we are closed');
    expect(more).toEqual([]);
    // It takes the booking out of the guest's calendar too.
    const removal = icsOf(closed!)!.text;
    expect(field(removal, 'METHOD')).toBe('CANCEL');
    expect(field(removal, 'UID')).toBe(field(icsOf(first!)!.text, 'UID'));
  });
});

describe("the café's copy of a new party request", () => {
  it("goes once to the café's address (default, then business info's), with the details staff need; a reply goes to the guest", async () => {
    await start();
    await book('/api/party-bookings', partyBody);
    const [copy, ...more] = await mails(DEFAULT_EMAIL);
    expect(more).toEqual([]);
    expect(copy!.subject).toBe('New party request: Birthday Party, 12 people, Saturday, November 28, 2026 at 6:00 PM');
    expect(replyToOf(copy!)).toBe(partyBody.email);
    for (const part of [
      partyBody.name,
      partyBody.email,
      partyBody.phone,
      'Birthday Party',
      '12 people',
      '6:00 PM',
      partyBody.specialRequests,
      `${t.config.publicUrl}/admin`,
    ]) {
      expect(copy!.text).toContain(part);
    }
    expect(manageLinkOf(copy!), "staff get no guest's manage link").toBeNull();
    expect(icsOf(copy!)).toBeNull();
    // The subject is kept with the mail's claim in the event log: it names no guest.
    expect(copy!.subject).not.toContain(partyBody.name);

    // With an address in business info, the copy goes there instead.
    await appendDirectly(t, 'businessInfo-main', {
      type: 'BusinessInfoUpdated',
      data: {
        name: 'Meeple Haven Café',
        address: '1200 Main Street, Waukesha, WI 53186',
        phone: '(262) 555-0142',
        email: 'events@meeplehaven.example',
      },
    });
    await t.runtime.readModels.waitFor(await t.runtime.eventStore.headPosition());
    await visitor.post('/api/party-bookings', { ...partyBody, email: 'lin@example.com', name: 'Lin Chen' });
    const [second, ...others] = await mails('events@meeplehaven.example');
    expect(others).toEqual([]);
    expect(second!.text).toContain('Lin Chen');
    expect(replyToOf(second!)).toBe('lin@example.com');
    expect(await mails(DEFAULT_EMAIL)).toHaveLength(1);
    // Reservations are confirmed at once: the café gets no copy of those.
    await visitor.post('/api/reservations', reservationBody);
    await settle();
    expect((await outboxMails(t.dataDir)).length).toBe(5);
  });
});

describe("the café's copy is claimed on its own: each recipient's mail goes out at most once", () => {
  it('after a crash, a claimed copy is abandoned and a copy never claimed is sent; the guests get nothing twice', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cafe-mail-'));
    const first = await createTestApp({ startFeatures: false, dataDir });
    try {
      // Given two party requests whose guest mails went out before the process stopped: the café's copy of
      // the first was being sent (claimed, no outcome), the second's was never claimed. Recorded as a version
      // before batched claims did, each on the mail's own stream: a log outlives the version that wrote it.
      const v = client(first);
      const ids: string[] = [];
      for (const email of ['crash@example.com', 'later@example.com']) {
        const res = await v.post('/api/party-bookings', { ...partyBody, email });
        expect(res.statusCode).toBe(201);
        ids.push((res.json() as { id: string }).id);
      }
      const requested = await Promise.all(ids.map(async (id) => (await first.runtime.eventStore.readStream(`partyBooking-${id}`))[0]!));
      const record = async (eventId: string, recipient: NotificationRecipient, types: ('NotificationClaimed' | 'NotificationSent')[]) => {
        for (const type of types) {
          await appendDirectly(
            first,
            notificationStream(eventId, recipient),
            {
              type,
              data:
                type === 'NotificationClaimed'
                  ? { sourceEventId: eventId, sourceType: 'PartyBookingRequested', to: 'x@example.com', subject: 's', attempt: 1 }
                  : { sourceEventId: eventId, transport: 'outbox', messageId: `<${eventId}@test>` },
            },
            { actor: { kind: 'system', name: 'notifications' }, causationId: eventId },
          );
        }
      };
      for (const event of requested) await record(event.id, 'guest', ['NotificationClaimed', 'NotificationSent']);
      await record(requested[0]!.id, 'cafe', ['NotificationClaimed']);
      await first.close();

      // When it starts again
      t = await createTestApp({ dataDir });
      await settle();
      // Then only the never-claimed copy goes out, and the interrupted one is recorded as abandoned
      const sent = await outboxMails(dataDir);
      expect(sent.map((m) => [m.to && !Array.isArray(m.to) ? m.to.text : '', replyToOf(m)])).toEqual([
        [DEFAULT_EMAIL, 'later@example.com'],
      ]);
      const types = async (eventId: string, recipient: NotificationRecipient) =>
        (await mailRecord(t.runtime.eventStore, eventId, recipient)).map((e) => e.type);
      expect(await types(requested[0]!.id, 'cafe')).toEqual(['NotificationClaimed', 'NotificationAbandoned']);
      expect(await types(requested[1]!.id, 'cafe')).toEqual(['NotificationClaimed', 'NotificationSent']);
      expect(await types(requested[0]!.id, 'guest')).toEqual(['NotificationClaimed', 'NotificationSent']);
      // And a further restart sends nothing more
      t = await t.restart();
      await settle();
      expect(await outboxMails(dataDir)).toHaveLength(1);
    } finally {
      await t?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
