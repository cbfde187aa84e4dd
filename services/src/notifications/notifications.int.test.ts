import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { DEFAULT_EMAIL, NOTIFICATION_BATCHES } from '@cafe/contracts';
import { appendDirectly, createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { createMailer, outboxDir } from '../platform/mailer/mailer.js';
import { notificationsOf } from './notifications-feature.js';
import { mailContext } from '../platform/mailer/mail-composer.js';
import { mailFacts } from '../features.js';
import { ComposedMails } from './composed-mails.js';
import { NotificationsReactor } from './notifications-reactor.js';
import { mailRecord } from './mail-record.js';
import { mailCommand } from './mail-ops.js';
import { startTestSmtp, type TestSmtp } from './test-smtp-server.js';
import { outboxMails } from '../../test/outbox.js';

const settle = async (t: TestApp) => {
  const reactor = notificationsOf(t.runtime);
  expect(reactor, 'the notifications reactor runs').toBeDefined();
  await reactor!.idle();
};
const icsOf = (mail: TestSmtp['mails'][number]) => {
  const ics = mail.attachments.find((a) => a.filename === 'booking.ics');
  return ics ? ics.content.toString('utf8') : null;
};
const notificationTypes = async (t: TestApp, sourceEventId: string) =>
  (await mailRecord(t.runtime.eventStore, sourceEventId)).map((e) => e.type);

describe('e-mails through a real SMTP server on loopback (SMTP_URL)', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admin: Client;
  let visitor: Client;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    admin = client(t, await signInAdmin(t));
    visitor = client(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('confirms a reservation: name, party size, long date, 12-hour time, address and phone, with an .ics', async () => {
    const res = await visitor.post('/api/reservations', reservationBody);
    expect(res.statusCode).toBe(201);
    await settle(t);
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0]!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('ada@example.com');
    expect(mail.subject).toBe('Reservation confirmed: Saturday, November 21, 2026 at 11:00 AM');
    for (const part of [
      'Ada Lovelace',
      '4 people',
      'Saturday, November 21, 2026',
      '11:00 AM',
      '1200 Main Street, Waukesha, WI 53186',
      '(262) 555-0142',
      'Window table please',
    ]) {
      expect(mail.text).toContain(part);
    }
    const ics = icsOf(mail);
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('DTSTART:20261121T170000Z'); // 11:00 in Chicago (CST) whatever the server's zone
    expect(ics).toContain('SUMMARY:Table for 4 at Meeple Haven Café');
    expect(ics).toMatch(/DURATION:PT2H/);
    const [event] = await t.runtime.eventStore.readStream(`reservation-${res.json().id}`);
    expect(await notificationTypes(t, event!.id)).toEqual(['NotificationClaimed', 'NotificationSent']);
    // The operator's view of the same mail.
    const out: string[] = [];
    expect(await mailCommand([event!.id], { env: { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }, print: (l) => out.push(l) })).toBe(0);
    expect(out).toEqual([
      expect.stringMatching(/^NotificationClaimed {2}sourceType=ReservationRequested {2}recipient=guest {2}subject=.+ {2}attemptId=/),
      expect.stringMatching(/^NotificationSent {2}recipient=guest {2}attemptId=.+ {2}transport=smtp {2}messageId=</),
    ]);
  });

  it('uses the business info read model for the café’s name (the sender’s too), address and phone (formatted, however it was stored)', async () => {
    await appendDirectly(t, 'businessInfo-main', {
      type: 'BusinessInfoUpdated',
      data: { name: 'Dice Den Game Lounge', address: '77 Lake Street, Oconomowoc, WI 53066', phone: '2625550199' },
    });
    await visitor.post('/api/reservations', { ...reservationBody, email: 'lin@example.com', date: '2026-11-24', time: '18:30' });
    await settle(t);
    const mail = smtp.mails.find((m) => m.subject?.includes('Tuesday, November 24, 2026 at 6:30 PM'))!;
    expect(mail.text).toContain('77 Lake Street, Oconomowoc, WI 53066');
    // Renamed in the dashboard, the café sends under its new name from MAIL_FROM's address.
    expect(mail.from?.value).toEqual([{ name: 'Dice Den Game Lounge', address: 'hello@meeplehavencafe.com' }]);
    expect(mail.text).toContain('(262) 555-0199');
    expect(mail.text).not.toContain('2625550199');
    expect(icsOf(mail)).toContain('DTSTART:20261125T003000Z');
    // The calendar entry's place and organiser are the stored café too.
    expect(icsOf(mail)?.replace(/\r\n[ \t]/g, '')).toMatch(/LOCATION:Dice Den Game Lounge\\, 77 Lake Street\\, Oconomowoc\\, WI 53066/);
  });

  it('acknowledges a party request, then mails the approval (with notes and an .ics) and a rejection (with notes); notes edits mail nothing', async () => {
    const before = smtp.mails.length;
    const first = (await visitor.post('/api/party-bookings', { ...partyBody, email: 'grace@example.com' })).json().id;
    const second = (await visitor.post('/api/party-bookings', { ...partyBody, email: 'alan@example.com', name: 'Alan Turing' })).json().id;
    await settle(t);
    // Each request also goes to the café's own address (booking-change-mails.int.test.ts checks that copy).
    const toGuests = (mails: typeof smtp.mails) =>
      mails.filter((m) => !(m.to && !Array.isArray(m.to) ? m.to.text : '').includes(DEFAULT_EMAIL));
    expect(smtp.mails.slice(before).length).toBe(4);
    const received = toGuests(smtp.mails.slice(before));
    expect(received.map((m) => m.subject)).toEqual([
      'We received your party booking request for Saturday, November 28, 2026',
      'We received your party booking request for Saturday, November 28, 2026',
    ]);
    expect(received[0]!.text).toContain('not confirmed yet');

    expect(
      (await admin.patch(`/api/party-bookings/${first}/approve`, { status: 'approved', adminNotes: 'Room B is yours' })).statusCode,
    ).toBe(200);
    expect(
      (await admin.patch(`/api/party-bookings/${second}/approve`, { status: 'rejected', adminNotes: 'Fully booked that night' }))
        .statusCode,
    ).toBe(200);
    expect((await admin.patch(`/api/party-bookings/${first}/approve`, { status: 'approved', adminNotes: 'Room C' })).statusCode).toBe(200);
    await settle(t);
    const decisions = smtp.mails.slice(before + 4);
    expect(decisions).toHaveLength(2);
    const approved = decisions.find((m) => m.subject?.startsWith('Your party booking is confirmed'))!;
    expect(approved.subject).toBe('Your party booking is confirmed: Saturday, November 28, 2026 at 6:00 PM');
    expect(approved.text).toContain('Notes from our team: Room B is yours');
    expect(approved.text).toContain('Birthday Party');
    expect(icsOf(approved)).toContain('DTSTART:20261129T000000Z');
    const rejectedMail = decisions.find((m) => m !== approved)!;
    expect(rejectedMail.subject).toBe('About your party booking request for Saturday, November 28, 2026');
    expect(rejectedMail.text).toContain('Notes from our team: Fully booked that night');
    expect(icsOf(rejectedMail)).toBeNull();
  });

  it('sends nothing twice after a restart', async () => {
    await settle(t);
    const sent = smtp.mails.length;
    expect(sent).toBe(8); // 4 to guests, 2 decisions, the café's copies of the 2 party requests
    t = await t.restart();
    admin = client(t, await signInAdmin(t));
    visitor = client(t);
    await settle(t);
    expect(smtp.mails).toHaveLength(sent);
    // and keeps mailing new events after the restart
    await visitor.post('/api/reservations', { ...reservationBody, email: 'new@example.com' });
    await settle(t);
    expect(smtp.mails).toHaveLength(sent + 1);
    t = await t.restart();
    await settle(t);
    expect(smtp.mails).toHaveLength(sent + 1);
  });
});

describe('a stop while mails wait', () => {
  it('sends after the restart what a rush left queued at the stop, each once', async () => {
    const smtp = await startTestSmtp();
    let t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      // given a gateway kept busy, so its mails trickle out one every 50 ms
      Object.defineProperty(t.runtime.writeLoad, 'busy', { get: () => true });
      const visitor = client(t);
      const emails = Array.from({ length: 12 }, (_, i) => `rush-${i}@example.com`);
      await Promise.all(emails.map((email) => visitor.post('/api/reservations', { ...reservationBody, email })));
      // when it stops before they are all out
      t = await t.restart();
      expect(smtp.mails.length).toBeLessThan(emails.length);
      // then the next start sends the rest, and nobody gets two
      await settle(t);
      const to = smtp.mails.map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : ''));
      expect([...to].sort()).toEqual([...emails].sort());
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('at-most-once across a crash, and retries after a refused send', () => {
  it('a claim left without an outcome (the process stopped mid-send) is not resent, but recorded as abandoned', async () => {
    const smtp = await startTestSmtp();
    const dataDir = mkdtempSync(join(tmpdir(), 'cafe-mail-'));
    const first = await createTestApp({ startFeatures: false, dataDir });
    try {
      const v = client(first);
      const crashed = (await v.post('/api/reservations', { ...reservationBody, email: 'crash@example.com' })).json().id;
      const fine = (await v.post('/api/reservations', { ...reservationBody, email: 'fine@example.com' })).json().id;
      const [crashedEvent] = await first.runtime.eventStore.readStream(`reservation-${crashed}`);
      // Its claim in a batch, as the reactor writes a first attempt's, with no sending after it.
      const claim = {
        sourceEventId: crashedEvent!.id,
        sourceType: 'ReservationRequested',
        recipient: 'guest',
        subject: 's',
        attemptId: 'a',
      };
      await first.runtime.eventStore.appendToStream(NOTIFICATION_BATCHES, [
        {
          type: 'NotificationsClaimed',
          data: { mails: [claim] },
          metadata: {
            occurredAt: '2026-11-18T16:00:00.000Z',
            actor: { kind: 'system', name: 'notifications' },
            correlationId: 'c',
            causationId: crashedEvent!.id,
          },
        },
      ]);
      await first.close();
      const second = await createTestApp({ dataDir, env: { SMTP_URL: smtp.url } });
      try {
        await settle(second);
        expect(smtp.mails.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))).toEqual(['fine@example.com']);
        expect(await notificationTypes(second, crashedEvent!.id)).toEqual(['NotificationClaimed', 'NotificationAbandoned']);
        const [fineEvent] = await second.runtime.eventStore.readStream(`reservation-${fine}`);
        expect(await notificationTypes(second, fineEvent!.id)).toEqual(['NotificationClaimed', 'NotificationSent']);
      } finally {
        await second.close();
      }
    } finally {
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a send the server refuses is recorded as failed and retried until it goes out, once', async () => {
    const smtp = await startTestSmtp();
    const t = await createTestApp({ startFeatures: false, env: { SMTP_URL: smtp.url } });
    const mails = new ComposedMails(t.runtime.features.flatMap((feature) => feature.mails ?? []));
    const reactor = new NotificationsReactor({
      eventStore: t.runtime.eventStore,
      recipientsOf: mails.recipientsOf,
      compose: (event) => mails.compose(event, mailContext(t.runtime, mailFacts)),
      mailer: createMailer(t.config, pino({ level: 'silent' })),
      clock: t.clock,
      logger: pino({ level: 'silent' }),
      retryDelaysMs: [20, 20, 20, 20],
    });
    try {
      await reactor.start();
      smtp.refuseNext(2);
      const id = (await client(t).post('/api/reservations', reservationBody)).json().id;
      const [event] = await t.runtime.eventStore.readStream(`reservation-${id}`);
      await vi.waitFor(() => expect(smtp.mails).toHaveLength(1), { timeout: 5000 });
      await reactor.idle();
      expect(await notificationTypes(t, event!.id)).toEqual([
        'NotificationClaimed',
        'NotificationFailed',
        'NotificationClaimed',
        'NotificationFailed',
        'NotificationClaimed',
        'NotificationSent',
      ]);
    } finally {
      await reactor.stop();
      await t.close();
      await smtp.close();
    }
  });
});

describe('without SMTP_URL: .eml files in DATA_DIR/outbox', () => {
  it('writes the confirmation with its .ics to the outbox, and nothing twice after a restart', async () => {
    let t = await createTestApp();
    try {
      await client(t).post('/api/reservations', reservationBody);
      await settle(t);
      const dir = outboxDir(t.config);
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      // Read as a mail client reads it (MIME headers and parts decoded).
      const [mail] = await outboxMails(t.config.dataDir);
      expect(mail!.subject).toBe('Reservation confirmed: Saturday, November 21, 2026 at 11:00 AM');
      expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.text : '').toBe('ada@example.com');
      expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([['booking.ics', 'text/calendar']]);
      expect(mail!.attachments[0]!.content.toString()).toContain('BEGIN:VEVENT');
      t = await t.restart();
      await settle(t);
      expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
