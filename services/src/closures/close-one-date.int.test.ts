import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_BOOKING_CANCELLED } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { mailsTo, manageLinkOf, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';
import { closureStream } from './closure-record.js';

// The test clock's café-local today is Wednesday 2026-11-18. No SMTP_URL: mails go to DATA_DIR/outbox.
const CLOSED_SUBJECT = /is cancelled: we are closed$/;

let t: TestApp;
let admin: Client;
let visitor: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await signInAdmin(t));
  visitor = client(t);
});
afterAll(() => t.close());

const settle = () => notificationsOf(t.runtime)!.idle();
const reserve = async (email: string, date: string, time: string) => {
  const res = await visitor.post('/api/reservations', { ...reservationBody, name: `Guest ${email}`, email, date, time });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};
const party = async (email: string, date: string, time: string, approve: boolean) => {
  const res = await visitor.post('/api/party-bookings', { ...partyBody, name: `Party ${email}`, email, date, time });
  expect(res.statusCode).toBe(201);
  const { id, version } = res.json();
  if (approve) {
    const decided = await admin.patch(`/api/party-bookings/${id}/approve`, { status: 'approved' }, { 'if-match': `"${version}"` });
    expect(decided.statusCode).toBe(200);
  }
  return id as string;
};
const closedMails = async (to: string) => mailsTo(await outboxMails(t.dataDir), to).filter((m) => CLOSED_SUBJECT.test(m.subject ?? ''));
/** The guest's own page, through the link of the first mail they got. */
const managePage = async (to: string) => {
  const link = new URL(manageLinkOf(mailsTo(await outboxMails(t.dataDir), to)[0]!)!);
  return visitor.get(`/api/guest-bookings/${link.searchParams.get('token')}`);
};
const ids = (list: { id: string }[]) => list.map((b) => b.id);

describe('closing one date that has bookings (POST /api/admin/blocked-dates with bookings)', () => {
  it('shows the reservation and the approved party first; "cancel" cancels both, mails each guest once, their pages say cancelled', async () => {
    const date = '2026-12-02';
    const r = await reserve('one-r@example.com', date, '18:00');
    const p = await party('one-p@example.com', date, '19:00', true);
    await settle();

    // The impact the dialog shows before confirming: the range preview, for one date.
    const preview = await admin.get(`/api/admin/blocked-ranges/impact?from=${date}&to=${date}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().bookings.map((b: { id: string; label: string }) => [b.id, b.label])).toEqual([
      [r, 'Reservation'],
      [p, 'Birthday Party (approved)'],
    ]);

    const res = await admin.post('/api/admin/blocked-dates', { date, reason: 'Boiler repair', bookings: 'cancel' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ id: expect.any(String), date, reason: 'Boiler repair', notCancelled: [], kept: [] });
    expect(ids(body.cancelled)).toEqual([r, p]);
    expect(body.cancelled[1]).toMatchObject({
      kind: 'party',
      email: 'one-p@example.com',
      time: '19:00',
      label: 'Birthday Party (approved)',
    });

    await settle();
    for (const to of ['one-r@example.com', 'one-p@example.com']) {
      const mails = await closedMails(to);
      expect(mails, to).toHaveLength(1);
      expect(mails[0]!.text).toContain('(Boiler repair)');
      const page = await managePage(to);
      expect(page.statusCode).toBe(410);
      expect(page.json().message).toBe(GUEST_BOOKING_CANCELLED);
    }
    // Listed blocked with SPEC's {id, date, reason}; the day refuses new bookings with SPEC's message.
    expect((await visitor.get('/api/blocked-dates')).json()).toContainEqual({ id: body.id, date, reason: 'Boiler repair' });
    const refused = await visitor.post('/api/reservations', { ...reservationBody, date, time: '18:00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Sorry, we are closed on this date: Boiler repair');

    // Sent again as it was: the same answer, nothing cancelled or mailed twice.
    const again = await admin.post('/api/admin/blocked-dates', { date, reason: 'Boiler repair', bookings: 'cancel' });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(body.id);
    expect(ids(again.json().cancelled)).toEqual([r, p]);
    await settle();
    expect(await closedMails('one-r@example.com')).toHaveLength(1);
    // The closure's own record: started, days closed, completed.
    const record = await t.runtime.eventStore.readStream(closureStream(body.id));
    expect(record.map((e) => e.type)).toEqual(['ClosureStarted', 'ClosureDaysClosed', 'ClosureCompleted']);
  });

  it("SPEC's {date, reason} keeps the bookings: listed as kept, nobody mailed, the pending party too", async () => {
    const date = '2026-12-03';
    const r = await reserve('keep-r@example.com', date, '18:00');
    const p = await party('keep-p@example.com', date, '19:00', false);
    await settle();
    const res = await admin.post('/api/admin/blocked-dates', { date, reason: 'Team training' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ date, reason: 'Team training', cancelled: [], notCancelled: [] });
    expect(res.json().kept.map((b: { id: string; label: string }) => [b.id, b.label])).toEqual([
      [r, 'Reservation'],
      [p, 'Birthday Party (pending)'],
    ]);
    await settle();
    expect(await closedMails('keep-r@example.com')).toHaveLength(0);
    expect(await closedMails('keep-p@example.com')).toHaveLength(0);
    expect((await managePage('keep-r@example.com')).statusCode).toBe(200);
    // Approving re-checks the day: a kept pending party is not approved onto a day since closed (staff move it first).
    const version = (await admin.get('/api/party-bookings')).json().find((b: { id: string }) => b.id === p).version as number;
    const approve = await admin.patch(`/api/party-bookings/${p}/approve`, { status: 'approved' }, { 'if-match': `"${version}"` });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toMatch(/^Sorry, we are closed on this date: /);
  });

  it('a closure the process left unfinished is finished at start-up', async () => {
    const date = '2026-12-04';
    const r = await reserve('resume-r@example.com', date, '18:00');
    await settle();
    // As a process killed right after recording the start would leave it.
    const closureId = '6f1d1e8e-7f3a-4c55-9b7e-3b0a4c1d2e10';
    await t.runtime.eventStore.appendToStream(closureStream(closureId), [
      {
        type: 'ClosureStarted',
        data: { closureId, from: date, to: date, reason: 'Power cut', bookings: 'cancel', range: false },
        metadata: {
          occurredAt: t.clock.now().toISOString(),
          actor: { kind: 'admin', email: 'owner@example.com', userId: 'u1' },
          correlationId: 'c',
          causationId: 'c',
        },
      },
    ]);
    t = await t.restart();
    admin = client(t, await signInAdmin(t));
    visitor = client(t);
    // The gateway finishes it in the background once it has started.
    const types = async () => (await t.runtime.eventStore.readStream(closureStream(closureId))).map((e) => e.type);
    for (let i = 0; i < 200 && !(await types()).includes('ClosureCompleted'); i++) await new Promise((r) => setTimeout(r, 25));
    expect(await types()).toEqual(['ClosureStarted', 'ClosureDaysClosed', 'ClosureCompleted']);
    // Re-sending it answers the whole result; nothing is cancelled or mailed twice.
    const res = await admin.post('/api/admin/blocked-dates', { date, reason: 'Power cut', bookings: 'cancel' });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toBe(closureId);
    expect(ids(res.json().cancelled)).toEqual([r]);
    await settle();
    expect(await closedMails('resume-r@example.com')).toHaveLength(1);
  });
});
