import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody } from '../../test/booking-test-kit.js';
import { mailsTo, manageLinkOf, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';
import { remindersOf } from './reminders-feature.js';
import { reminderStream } from './reminder-decider.js';

const HOUR = 60 * 60 * 1000;
const reminders = async (dataDir: string, to: string) =>
  mailsTo(await outboxMails(dataDir), to).filter((m) => m.subject?.startsWith('Reminder:'));

let dataDir: string;
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
  rmSync(dataDir, { recursive: true, force: true });
});

async function due(app: TestApp) {
  await remindersOf(app.runtime)!.runDue();
  await notificationsOf(app.runtime)!.idle();
}

describe('reminders the day before, at REMINDER_TIME café time', () => {
  it('sends exactly one per booking across a gateway restart, none for a cancelled booking or a pending party', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cafe-reminders-'));
    // Wednesday 2026-11-18 10:00 in Chicago; the bookings are on Saturday the 21st.
    t = await createTestApp({ dataDir, env: { REMINDER_TIME: '09:30' } });
    const visitor = client(t);
    const admin = client(t, await signInAdmin(t));
    const book = async (path: string, body: object) => ((await visitor.post(path, body)).json() as { id: string }).id;
    const ada = await book('/api/reservations', reservationBody);
    await book('/api/reservations', { ...reservationBody, email: 'bob@example.com', name: 'Bob Babbage', time: '12:00' });
    const gone = await book('/api/reservations', { ...reservationBody, email: 'cy@example.com', name: 'Cy Cancelled' });
    const party = await book('/api/party-bookings', { ...partyBody, date: '2026-11-21', time: '17:00' });
    await book('/api/party-bookings', { ...partyBody, email: 'pen@example.com', date: '2026-11-21' }); // stays pending
    expect((await admin.patch(`/api/party-bookings/${party}/approve`, { status: 'approved' })).statusCode).toBe(200);
    expect((await admin.delete(`/api/reservations/${gone}`)).statusCode).toBe(200);

    // Two days before, and the day before but before 09:30: nothing yet.
    await due(t);
    t.clock.set('2026-11-20T15:29:00.000Z'); // Friday 09:29 in Chicago
    await due(t);
    expect(await reminders(dataDir, 'ada@example.com')).toHaveLength(0);

    t.clock.set('2026-11-20T15:31:00.000Z'); // 09:31: due
    await due(t);
    await due(t); // a second pass finds them sent
    t = await t.restart();
    t.clock.advance(HOUR);
    await due(t);
    t = await t.restart();
    t.clock.advance(HOUR);
    await due(t);

    for (const to of ['ada@example.com', 'bob@example.com', partyBody.email]) {
      const mails = await reminders(dataDir, to);
      expect(mails, to).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/^Reminder: see you tomorrow at (11:00 AM|12:00 PM|5:00 PM)$/);
      expect(mails[0]!.text).toContain('Saturday, November 21, 2026');
      // The reminder carries the manage link too, and it works.
      const link = new URL(manageLinkOf(mails[0]!)!);
      expect((await client(t).get(`/api/guest-bookings/${link.searchParams.get('token')}`)).statusCode).toBe(200);
    }
    expect(await reminders(dataDir, 'cy@example.com')).toHaveLength(0);
    expect(await reminders(dataDir, 'pen@example.com')).toHaveLength(0);

    // The outcome is in the booking's history, as the system's.
    const staff = client(t, await signInAdmin(t));
    const history = (await staff.get(`/api/admin/reservations/${ada}/history`)).json() as { events: { what: string; by: string }[] };
    expect(history.events.map((e) => [e.what, e.by])).toEqual([
      ['Reservation requested', 'visitor'],
      ['Reminder e-mail sent', 'system (reminders)'],
    ]);
    const partyHistory = (await staff.get(`/api/admin/party-bookings/${party}/history`)).json() as { events: { what: string }[] };
    expect(partyHistory.events.at(-1)!.what).toBe('Reminder e-mail sent');
    // Its record: claimed before sending, then sent.
    const record = await t.runtime.eventStore.readStream(reminderStream('reservation', ada));
    expect(record.map((e) => e.type)).toEqual(['ReminderClaimed', 'ReminderSent']);
  });

  it('a claim left open by a process that stopped mid-send is abandoned, never resent (at most once)', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cafe-reminders-'));
    t = await createTestApp({ dataDir });
    const id = ((await client(t).post('/api/reservations', reservationBody)).json() as { id: string }).id;
    // As if the process had claimed and died before recording the outcome.
    await t.runtime.eventStore.appendToStream(reminderStream('reservation', id), [
      {
        type: 'ReminderClaimed',
        data: { kind: 'reservation', bookingId: id, date: '2026-11-21', to: 'ada@example.com', attempt: 1 },
        metadata: {
          occurredAt: t.clock.now().toISOString(),
          actor: { kind: 'system', name: 'reminders' },
          correlationId: 'c',
          causationId: 'c',
        },
      },
    ]);
    t.clock.set('2026-11-20T17:00:00.000Z'); // Friday 11:00 in Chicago
    t = await t.restart();
    await due(t);
    await due(t);
    expect(await reminders(dataDir, 'ada@example.com')).toHaveLength(0);
    const record = await t.runtime.eventStore.readStream(reminderStream('reservation', id));
    expect(record.map((e) => e.type)).toEqual(['ReminderClaimed', 'ReminderAbandoned']);
    const staff = client(t, await signInAdmin(t));
    const history = (await staff.get(`/api/admin/reservations/${id}/history`)).json() as { events: { what: string; notes: string }[] };
    expect(history.events.at(-1)).toMatchObject({
      what: 'Reminder e-mail not sent',
      notes: 'The process stopped while sending; not resent',
    });
  });
});
