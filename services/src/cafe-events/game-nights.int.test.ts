import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { PHONE_EXTENSION_MESSAGE, type EventOccurrence, type OccurrenceSignUps } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { mailsTo, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';
import { remindersOf } from '../reminders/reminders-feature.js';
import { occurrenceDecider, occurrenceStream } from './occurrence-decider.js';
import { fold } from '../platform/commands/decider.js';

// The clock says Wednesday 2026-11-18, 10:00 in Chicago; the weekly night is on Fridays from the 20th.
describe('game nights: sign-ups, the waitlist, cancel links, occurrences, the iCal feed, forget', () => {
  const { t, send } = useAdminApp();
  const visitor = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    t.app.inject({ method, url, headers: { origin: t.config.publicUrl }, ...(body === undefined ? {} : { payload: body as object }) });
  const guest = (i: number, places = 1) => ({
    date: '2026-11-20',
    name: `Guest ${String(i).padStart(2, '0')}`,
    email: `guest${i}@example.com`,
    phone: `(262) 555-${String(1000 + i)}`,
    places,
  });
  const idle = () => notificationsOf(t.runtime)!.idle();
  const schedule = async (body: object) => {
    const res = await send('POST', '/api/admin/events', body);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; repeat: string | null };
  };
  const occurrencesOf = async (eventId: string) =>
    ((await visitor('GET', '/api/events/occurrences')).json() as EventOccurrence[]).filter((o) => o.eventId === eventId);
  const staffList = async (eventId: string, date: string) =>
    (await send('GET', `/api/admin/events/${eventId}/occurrences/${date}`)).json() as OccurrenceSignUps;
  const linkOf = (text: string) => /(https?:\/\/\S+\/my-event-sign-up\?token=[\w.-]+)/.exec(text)?.[1] ?? null;

  let night: { id: string };

  it('20 concurrent sign-ups for 12 places: 12 confirmed, 8 waitlisted in order, never more than 12', async () => {
    night = await schedule({
      title: 'Learn-to-play Friday',
      event_date: '2026-11-20',
      event_time: '7:00 PM',
      price: '$5',
      max_attendees: 12,
      repeat: 'weekly',
    });
    expect(night).toMatchObject({ repeat: 'weekly' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => visitor('POST', `/api/events/${night.id}/sign-ups`, guest(i + 1))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const results = answers.map((a) => a.json() as { id: string; status: string; waitlistPosition: number | null });
    expect(results.filter((r) => r.status === 'confirmed')).toHaveLength(12);
    const waitlisted = results.filter((r) => r.status === 'waitlisted');
    expect(waitlisted.map((r) => r.waitlistPosition).sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    // The occurrence's stream is the authority: at no point of it are more than 12 places taken, and
    // the waitlist is in the order the sign-ups joined it.
    const stream = await t.runtime.eventStore.readStream(occurrenceStream(night.id, '2026-11-20'));
    for (let n = 1; n <= stream.length; n++) expect(fold(occurrenceDecider, stream.slice(0, n)).taken).toBeLessThanOrEqual(12);
    const joined = stream.filter((e) => e.type === 'EventWaitlistJoined').map((e) => (e.data as { signUpId: string }).signUpId);
    const byPosition = [...waitlisted].sort((a, b) => a.waitlistPosition! - b.waitlistPosition!).map((r) => r.id);
    expect(joined).toEqual(byPosition);

    const list = await staffList(night.id, '2026-11-20');
    expect(list).toMatchObject({ capacity: 12, placesTaken: 12, placesLeft: 0, waitlist: 8 });
    expect(list.attendees).toHaveLength(12);
    expect(list.waitlisted.map((s) => s.id)).toEqual(byPosition);
    expect(list.waitlisted.map((s) => s.waitlistPosition)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);

    await idle();
    const mails = await outboxMails(t.dataDir);
    const first = results.find((r) => r.status === 'confirmed')!;
    const firstGuest = list.attendees.find((a) => a.id === first.id)!;
    const confirmation = mailsTo(mails, firstGuest.email)[0]!;
    expect(confirmation.subject).toBe("You're signed up: Learn-to-play Friday, Friday, November 20, 2026");
    expect(confirmation.text).toContain(': 1 place is yours.');
    const firstWaiting = list.waitlisted[0]!;
    expect(mailsTo(mails, firstWaiting.email)[0]!.subject).toBe("You're on the waitlist: Learn-to-play Friday, Friday, November 20, 2026");
  });

  it('a confirmed guest cancels through the e-mailed link: the first waitlisted is promoted and mailed', async () => {
    const before = await staffList(night.id, '2026-11-20');
    const leaving = before.attendees[3]!;
    const next = before.waitlisted[0]!;
    const [mail] = mailsTo(await outboxMails(t.dataDir), leaving.email);
    const link = new URL(linkOf(mail!.text ?? '')!);
    const token = link.searchParams.get('token')!;

    expect((await visitor('GET', `/api/event-sign-ups/${token}`)).json()).toMatchObject({
      id: leaving.id,
      status: 'confirmed',
      eventTitle: 'Learn-to-play Friday',
    });
    const cancelled = await visitor('DELETE', `/api/event-sign-ups/${token}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ id: leaving.id, promoted: [next.id] });
    expect((await visitor('DELETE', `/api/event-sign-ups/${token}`)).statusCode).toBe(410);
    expect((await visitor('GET', `/api/event-sign-ups/${token.slice(0, -2)}xx`)).statusCode).toBe(403);

    const after = await staffList(night.id, '2026-11-20');
    expect(after).toMatchObject({ placesTaken: 12, placesLeft: 0, waitlist: 7 });
    expect(after.attendees.map((a) => a.id)).toContain(next.id);
    expect(after.attendees.map((a) => a.id)).not.toContain(leaving.id);
    expect(after.waitlisted.map((s) => s.id)).toEqual(before.waitlisted.slice(1).map((s) => s.id));

    await idle();
    const mails = await outboxMails(t.dataDir);
    expect(mailsTo(mails, next.email).map((m) => m.subject)).toContain("A place opened up: you're in for Learn-to-play Friday");
    expect(mailsTo(mails, leaving.email).map((m) => m.subject)).toContain(
      'Sign-up cancelled: Learn-to-play Friday, Friday, November 20, 2026',
    );
    const stream = await t.runtime.eventStore.readStream(occurrenceStream(night.id, '2026-11-20'));
    expect(fold(occurrenceDecider, stream).taken).toBe(12);
  });

  it('staff check a guest in; a waitlisted one cannot be; staff cancelling a 1-place sign-up promotes the next', async () => {
    const list = await staffList(night.id, '2026-11-20');
    const checkIn = await send('POST', `/api/admin/event-sign-ups/${list.attendees[0]!.id}/check-in`);
    expect(checkIn.statusCode).toBe(200);
    expect(checkIn.json().checkedInAt).toBe('2026-11-18T16:00:00.000Z');
    expect((await send('POST', `/api/admin/event-sign-ups/${list.waitlisted[0]!.id}/check-in`)).statusCode).toBe(409);
    const res = await send('DELETE', `/api/admin/event-sign-ups/${list.attendees[1]!.id}`);
    expect(res.json()).toEqual({ id: list.attendees[1]!.id, promoted: [list.waitlisted[0]!.id] });
    expect((await staffList(night.id, '2026-11-20')).attendees.find((a) => a.id === list.attendees[0]!.id)?.checkedInAt).toBeTruthy();
  });

  it('a weekly event lists its next dates, each with its own places', async () => {
    const dates = await occurrencesOf(night.id);
    expect(dates.map((o) => o.date)).toEqual(['2026-11-20', '2026-11-27', '2026-12-04', '2026-12-11', '2026-12-18', '2026-12-25']);
    expect(dates[0]).toMatchObject({ placesLeft: 0, waitlist: 6, time: '19:00' });
    expect(dates[1]).toMatchObject({ placesLeft: 12, waitlist: 0 });
    // Signed up with the phone as the browser autofilled it: stored without the country code.
    const res = await visitor('POST', `/api/events/${night.id}/sign-ups`, {
      ...guest(40, 3),
      date: '2026-11-27',
      phone: '+1 262 555 1040',
    });
    expect(res.json()).toMatchObject({ status: 'confirmed', date: '2026-11-27' });
    expect((await staffList(night.id, '2026-11-27')).attendees[0]).toMatchObject({ name: 'Guest 40', phone: '(262) 555-1040' });
    const after = await occurrencesOf(night.id);
    expect(after[1]).toMatchObject({ date: '2026-11-27', placesLeft: 9, placesTaken: 3 });
    expect(after[0]).toMatchObject({ placesLeft: 0, waitlist: 6 });
    // Past its first date, the public list shows a weekly event under its next date.
    t.clock.set('2026-11-21T16:00:00.000Z');
    const listed = ((await visitor('GET', '/api/events')).json() as { id: string }[]).find((e) => e.id === night.id);
    expect(listed).toMatchObject({ event_date: '2026-11-27', startsAt: '2026-11-28T01:00:00.000Z', repeat: 'weekly' });
    t.clock.set('2026-11-18T16:00:00.000Z');
    // A date that is not one of the event's: refused, nothing stored.
    const off = await visitor('POST', `/api/events/${night.id}/sign-ups`, { ...guest(41), date: '2026-11-26' });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('This event does not take place on that date');
  });

  it('a sign-up retried with its Idempotency-Key answers the first answer and takes no more places', async () => {
    const headers = { origin: t.config.publicUrl, 'idempotency-key': 'retry-me-1' };
    const body = { ...guest(60, 2), date: '2026-12-04' };
    const post = (payload: object) => t.app.inject({ method: 'POST', url: `/api/events/${night.id}/sign-ups`, headers, payload });
    const first = await post(body);
    const again = await post(body);
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect((await occurrencesOf(night.id)).find((o) => o.date === '2026-12-04')).toMatchObject({ placesTaken: 2 });
    const other = await post({ ...body, places: 3 });
    expect(other.statusCode).toBe(409);
  });

  it('refuses bad sign-ups with the contract messages (400/404/409), never 500', async () => {
    for (const [body, message] of [
      [{ ...guest(50), places: 5 }, 'Places must be between 1 and 4'],
      [{ ...guest(50), places: 0 }, 'Places must be between 1 and 4'],
      [{ ...guest(50), email: 'nope' }, 'Please enter a valid email address'],
      [{ ...guest(50), name: ' ' }, 'Name is required'],
      [{ ...guest(50), date: '' }, 'Please choose a date'],
      [{ ...guest(50), phone: '+44 20 7946 0958' }, 'Please enter a valid 10-digit phone number'],
      [{ ...guest(50), phone: '262 555 1050 ext 4' }, PHONE_EXTENSION_MESSAGE],
    ] as const) {
      const res = await visitor('POST', `/api/events/${night.id}/sign-ups`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await visitor('POST', '/api/events/nope/sign-ups', guest(50))).statusCode).toBe(404);
    const open = await schedule({ title: 'Open play', event_date: '2026-11-21' });
    const res = await visitor('POST', `/api/events/${open.id}/sign-ups`, { ...guest(50), date: '2026-11-21' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This event does not take sign-ups');
  });

  it('a date the café has blocked takes no sign-ups, and takes them again once unblocked', async () => {
    const blocked = await send('POST', '/api/admin/blocked-dates', { date: '2026-12-11', reason: 'Staff training day' });
    expect(blocked.statusCode).toBe(201);
    const refused = await visitor('POST', `/api/events/${night.id}/sign-ups`, { ...guest(70), date: '2026-12-11' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Sorry, we are closed on this date: Staff training day' });
    expect((await occurrencesOf(night.id)).find((o) => o.date === '2026-12-11')).toMatchObject({ placesTaken: 0 });
    expect((await send('DELETE', `/api/admin/blocked-dates/${blocked.json().id}`)).statusCode).toBe(200);
    const taken = await visitor('POST', `/api/events/${night.id}/sign-ups`, { ...guest(70), date: '2026-12-11' });
    expect(taken.json()).toMatchObject({ status: 'confirmed', date: '2026-12-11' });
  });

  it('the iCal feed parses and lists every date of the public events', async () => {
    const monthly = await schedule({
      title: 'Catan Tournament',
      event_date: '2026-12-12',
      event_time: '13:00',
      max_attendees: 16,
      repeat: 'monthly',
    });
    const res = await visitor('GET', '/api/events.ics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const weekly = events.filter((e) => e.uid.startsWith(night.id)).map((e) => e.startDate.toJSDate().toISOString());
    expect(weekly).toEqual([
      '2026-11-21T01:00:00.000Z',
      '2026-11-28T01:00:00.000Z',
      '2026-12-05T01:00:00.000Z',
      '2026-12-12T01:00:00.000Z',
      '2026-12-19T01:00:00.000Z',
      '2026-12-26T01:00:00.000Z',
    ]);
    const tournament = events.filter((e) => e.uid.startsWith(monthly.id));
    expect(tournament.map((e) => e.uid)).toEqual(
      ['2026-12-12', '2027-01-09', '2027-02-13', '2027-03-13', '2027-04-10', '2027-05-08'].map((d) => `${monthly.id}-${d}@meeplehaven`),
    );
    expect(tournament[0]!.summary).toBe('Catan Tournament');
    expect(tournament[0]!.duration.toSeconds()).toBe(3 * 3600);
  });

  it('reminds confirmed guests the day before, with the cancel link', async () => {
    t.clock.set('2026-11-19T17:00:00.000Z'); // Thursday 11:00 in Chicago, after REMINDER_TIME
    await remindersOf(t.runtime)!.runDue();
    await idle();
    const list = await staffList(night.id, '2026-11-20');
    const reminders = (await outboxMails(t.dataDir)).filter((m) => m.subject?.startsWith('Reminder: Learn-to-play Friday'));
    expect(reminders).toHaveLength(list.attendees.length);
    expect(linkOf(reminders[0]!.text ?? '')).toBeTruthy();
    t.clock.set('2026-11-18T16:00:00.000Z');
  });

  it('forget: the guest is gone from every answer and read model, the places stay counted', async () => {
    const before = await staffList(night.id, '2026-11-20');
    const gone = before.attendees.at(-1)!;
    const res = await send('POST', '/api/admin/privacy/forget', { email: gone.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().records).toMatchObject({ eventSignUps: 1 });
    const after = await staffList(night.id, '2026-11-20');
    expect(after).toMatchObject({ placesTaken: before.placesTaken, waitlist: before.waitlist });
    expect(after.attendees).toHaveLength(before.attendees.length);
    expect(after.attendees.find((a) => a.id === gone.id)).toMatchObject({ name: 'Personal data erased', email: '', phone: '' });
    for (const name of await t.runtime.documents.listCollections()) {
      const text = JSON.stringify(await t.runtime.documents.collection(name).find({}));
      expect(text, name).not.toContain(gone.email);
      expect(text, name).not.toContain(gone.name);
      expect(text, name).not.toContain(gone.phone);
    }
    const log = JSON.stringify((await t.runtime.eventStore.readAll()).map((e) => e.data));
    expect(log).not.toContain(gone.email);
    expect(log).not.toContain(gone.phone);
    expect(JSON.stringify((await send('GET', `/api/admin/events/${night.id}/occurrences/2026-11-20`)).json())).not.toContain(gone.email);
  });
});
