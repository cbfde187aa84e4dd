import { describe, expect, it } from 'vitest';
import { CONTACT_REQUIRED, type BookingHistory, type BookingsView } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { bookingEvents, client, partyBody, reservationBody } from '../../test/booking-test-kit.js';
import { mailsTo, outboxMails } from '../../test/outbox.js';
import { mailRecord as recordOf, notificationsOf } from '../notifications/index.js';
import { remindersOf } from '../reminders/reminders-feature.js';

/**
 * Issue 45: staff take a booking by phone, with no e-mail address. It is booked and listed like any
 * other, its guest is mailed nothing (each mail recorded as skipped, never an error or a retry), and
 * its history, the search and a forgotten guest's erasure carry on around it.
 * The test clock says Wednesday 2026-11-18, 10:00 in Chicago.
 */
const TODAY = '2026-11-18';
const suite = useAdminApp({ env: { REMINDER_TIME: '09:30' } });
const { t } = suite;
const admin = client(t, { headers: suite.admin });
const visitor = client(t);

const settle = () => notificationsOf(t.runtime)!.idle();
const mails = () => outboxMails(t.dataDir);
/** The guest's mail of a booking's first event, as the reactor recorded it. */
const mailRecord = async (stream: string, revision = 0) => {
  const source = (await t.runtime.eventStore.readStream(stream))[revision]!;
  return (await recordOf(t.runtime.eventStore, source.id)).map((e) => e.type);
};
const byPhone = { ...reservationBody, name: 'Phoebe Phone', email: '', phone: '(262) 555-0177', date: TODAY, time: '17:00' };

describe('POST /api/admin/reservations without an e-mail (a booking taken by phone)', () => {
  it('books it (201), lists it in Today, mails nobody while the one with an e-mail is mailed, and its History records it', async () => {
    const res = await admin.post('/api/admin/reservations', byPhone);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json() as { id: string };
    // Its twin with an address, booked the same way a moment later.
    const mailed = await admin.post('/api/admin/reservations', {
      ...byPhone,
      name: 'Eddie Email',
      email: 'eddie@example.com',
      time: '17:30',
    });
    expect(mailed.statusCode, mailed.body).toBe(201);
    // Absent is the same as empty.
    const { email: _e, ...withoutEmail } = byPhone;
    const absent = await admin.post('/api/admin/reservations', { ...withoutEmail, name: 'Abe Absent', time: '18:00' });
    expect(absent.statusCode, absent.body).toBe(201);

    const today = (await admin.get('/api/admin/bookings?view=today')).json() as BookingsView;
    const row = today.entries.find((e) => e.id === id);
    expect(row).toMatchObject({ name: 'Phoebe Phone', email: '', phone: '(262) 555-0177', date: TODAY, time: '17:00', partySize: 4 });
    expect(today.entries.find((e) => e.id === (absent.json() as { id: string }).id)?.email).toBe('');

    await settle();
    const outbox = await mails();
    expect(mailsTo(outbox, 'eddie@example.com').map((m) => m.subject)).toEqual([
      'Reservation confirmed: Wednesday, November 18, 2026 at 5:30 PM',
    ]);
    expect(outbox.filter((m) => m.text?.includes('Phoebe Phone') || m.text?.includes('Abe Absent'))).toEqual([]);
    expect(outbox).toHaveLength(1);
    expect(await mailRecord(`reservation-${id}`)).toEqual(['NotificationSkipped']);
    expect(await mailRecord(`reservation-${(mailed.json() as { id: string }).id}`)).toEqual(['NotificationClaimed', 'NotificationSent']);

    const history = (await admin.get(`/api/admin/reservations/${id}/history`)).json() as BookingHistory;
    expect(history.events.map((e) => [e.version, e.what, e.by])).toEqual([[0, 'Reservation added by staff', 'owner@example.com']]);
    expect(history.events[0]!.changes).toContainEqual({ field: 'phone', from: null, to: '(262) 555-0177' });

    // Cancelled by staff: no mail either, recorded as skipped too.
    expect((await admin.delete(`/api/reservations/${id}`)).statusCode).toBe(200);
    await settle();
    expect(await mailRecord(`reservation-${id}`, 1)).toEqual(['NotificationSkipped']);
    expect(await mails()).toHaveLength(1);
  });

  it('refuses neither e-mail nor phone with 400 and the message, and appends nothing', async () => {
    const before = (await bookingEvents(t)).length;
    for (const body of [{ ...byPhone, phone: '' }, (({ email: _e, phone: _p, ...rest }) => rest)(byPhone)]) {
      const res = await admin.post('/api/admin/reservations', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CONTACT_REQUIRED);
    }
    // With an e-mail, the phone staff must still take (SPEC) keeps its own message.
    const noPhone = await admin.post('/api/admin/reservations', { ...byPhone, email: 'ann@example.com', phone: '' });
    expect(noPhone.json().message).toBe('Please enter a complete 10-digit phone number');
    // The public form still requires the e-mail.
    const publicRes = await visitor.post('/api/reservations', { ...byPhone, partySize: 2, date: '2026-11-21', time: '11:00' });
    expect(publicRes.statusCode).toBe(400);
    expect(publicRes.json().message).toBe('Email is required');
    expect((await bookingEvents(t)).length).toBe(before);
  });

  it('an e-mail removed by staff: no reminder, no party decision mail; search and forgetting another guest carry on', async () => {
    const friday = '2026-11-20';
    const table = (
      await admin.post('/api/admin/reservations', { ...byPhone, name: 'Rita Remind', date: friday, time: '18:00' })
    ).json() as {
      id: string;
    };
    const withEmail = { ...byPhone, name: 'Wes Withmail', email: 'wes@example.com', date: friday, time: '18:30' };
    expect((await admin.post('/api/admin/reservations', withEmail)).statusCode).toBe(201);
    // A party asked for on the website; staff take its e-mail off (the guest asked by phone not to be mailed).
    const party = (await visitor.post('/api/party-bookings', { ...partyBody, name: 'Pam Party', email: 'pam@example.com' })).json() as {
      id: string;
      version: number;
    };
    await settle();
    const edited = await admin.patch(`/api/party-bookings/${party.id}/details`, { email: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await admin.patch(`/api/party-bookings/${party.id}/approve`, { status: 'approved' })).statusCode).toBe(200);
    await settle();
    expect(mailsTo(await mails(), 'pam@example.com').map((m) => m.subject)).toEqual([
      'We received your party booking request for Saturday, November 28, 2026',
    ]);
    expect(await mailRecord(`partyBooking-${party.id}`, 2)).toEqual(['NotificationSkipped']);

    // The day before, from 09:30: Wes is reminded, Rita (no e-mail) is not, and no reminder is claimed for her.
    t.clock.set('2026-11-19T15:31:00.000Z'); // Thursday 09:31 in Chicago
    await remindersOf(t.runtime)!.runDue();
    await settle();
    const reminders = (await mails()).filter((m) => m.subject?.startsWith('Reminder:'));
    expect(reminders.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))).toEqual(['wes@example.com']);
    expect(await t.runtime.eventStore.readStream(`reminder-reservation-${table.id}`)).toEqual([]);

    const search = (await admin.get('/api/admin/booking-search?q=rita')).json() as {
      results: { id: string; email: string }[];
      guests: unknown[];
    };
    expect(search.results.map((r) => [r.id, r.email])).toEqual([[table.id, '']]);
    expect(search.guests).toEqual([]);
    const forget = await admin.post('/api/admin/privacy/forget', { email: 'wes@example.com' });
    expect(forget.statusCode, forget.body).toBe(200);
    const rita = (await admin.get(`/api/admin/reservations/${table.id}`)).json() as { name: string; phone: string };
    expect(rita).toMatchObject({ name: 'Rita Remind', phone: '(262) 555-0177' });
  });
});
