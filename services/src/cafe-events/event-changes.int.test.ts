import { describe, expect, it } from 'vitest';
import type { OccurrenceSignUps } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { mailsTo, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';
import { runPipeline, streamOf } from '../platform/commands/command-pipeline.js';
import { cafeEventDecider, cafeEventStream } from './cafe-event-decider.js';
import { mailContext } from '../platform/mailer/mail-composer.js';
import { mailFacts } from '../features.js';
import { signUpReminders } from './sign-up-reminders.js';

// The clock says Wednesday 2026-11-18 in Chicago. Staff change an event that already has sign-ups.
describe('game nights: staff raise the capacity, move or remove an event with sign-ups', () => {
  const { t, send } = useAdminApp();
  const visitor = (url: string, body: object) =>
    t.app.inject({ method: 'POST', url, headers: { origin: t.config.publicUrl }, payload: body });
  const guest = (i: number, date = '2026-11-20') => ({
    date,
    name: `Guest ${i}`,
    email: `change${i}@example.com`,
    phone: `(262) 555-${2000 + i}`,
    places: 1,
  });
  const idle = () => notificationsOf(t.runtime)!.idle();
  const schedule = async (body: object) => ((await send('POST', '/api/admin/events', body)).json() as { id: string }).id;
  const staffList = async (eventId: string, date: string) =>
    (await send('GET', `/api/admin/events/${eventId}/occurrences/${date}`)).json() as OccurrenceSignUps;

  it('raising max_attendees promotes the waitlist in order, and each promoted guest is mailed', async () => {
    const id = await schedule({ title: 'Capacity night', event_date: '2026-11-20', event_time: '7:00 PM', max_attendees: 1 });
    for (const i of [1, 2, 3]) expect((await visitor(`/api/events/${id}/sign-ups`, guest(i))).statusCode).toBe(201);
    expect((await send('PUT', `/api/admin/events/${id}`, { max_attendees: 2 })).statusCode).toBe(200);
    const list = await staffList(id, '2026-11-20');
    expect(list.attendees.map((a) => a.name).sort()).toEqual(['Guest 1', 'Guest 2']);
    expect(list.waitlisted.map((a) => a.name)).toEqual(['Guest 3']);
    await idle();
    const mails = await outboxMails(t.config.dataDir);
    expect(mailsTo(mails, 'change2@example.com').map((m) => m.subject)).toContain("A place opened up: you're in for Capacity night");
  });

  it('removing an event cancels its sign-ups with the staff mail, and they are never reminded', async () => {
    const id = await schedule({ title: 'Removed night', event_date: '2026-11-19', event_time: '7:00 PM', max_attendees: 4 });
    expect((await visitor(`/api/events/${id}/sign-ups`, guest(4, '2026-11-19'))).statusCode).toBe(201);
    expect((await send('DELETE', `/api/admin/events/${id}`)).statusCode).toBe(200);
    await idle();
    const mails = mailsTo(await outboxMails(t.config.dataDir), 'change4@example.com').map((m) => m.subject);
    // The event's read model is gone with it, so the mail names it 'our game night'.
    expect(mails).toContain('Sign-up cancelled: our game night, Thursday, November 19, 2026');
    expect(mails.some((s) => s?.startsWith('Reminder'))).toBe(false);
  });

  it('moving a weekly event to another weekday cancels the sign-ups of the dates it no longer has', async () => {
    const id = await schedule({
      title: 'Moved night',
      event_date: '2026-11-20',
      event_time: '7:00 PM',
      max_attendees: 4,
      repeat: 'weekly',
    });
    expect((await visitor(`/api/events/${id}/sign-ups`, guest(5, '2026-11-27'))).statusCode).toBe(201);
    expect((await send('PUT', `/api/admin/events/${id}`, { event_date: '2026-11-21' })).statusCode).toBe(200);
    const list = await staffList(id, '2026-11-27');
    expect(list.attendees).toEqual([]);
    await idle();
    const mails = mailsTo(await outboxMails(t.config.dataDir), 'change5@example.com').map((m) => m.subject);
    expect(mails).toContain('Sign-up cancelled: Moved night, Friday, November 27, 2026');
  });

  it('a sign-up still confirmed on a removed event (a removal from before this fix) is never reminded', async () => {
    const id = await schedule({ title: 'Old removal', event_date: '2026-11-19', event_time: '7:00 PM', max_attendees: 4 });
    const signUp = (await visitor(`/api/events/${id}/sign-ups`, guest(6, '2026-11-19'))).json() as { id: string };
    const load = () => signUpReminders.load(signUp.id, mailContext(t.runtime, mailFacts));
    expect(await load()).toMatchObject({ confirmed: true });
    // The event's stream alone, as removals did before they cancelled their sign-ups.
    const context = { actor: { kind: 'system' }, correlationId: 'c', causationId: 'c' } as never;
    await runPipeline(t.runtime, context, (tx) =>
      tx.decide(streamOf(cafeEventDecider, cafeEventStream(id)), cafeEventDecider.decide, { type: 'RemoveCafeEvent' }),
    );
    expect(await load()).toMatchObject({ confirmed: false });
  });
});
