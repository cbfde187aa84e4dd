import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GUEST_BOOKING_CANCELLED,
  GUEST_BOOKING_DECLINED,
  GUEST_CHANGE_EMPTY,
  GUEST_LINK_EXPIRED,
  GUEST_LINK_INVALID,
  SLOT_MESSAGE,
} from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { mailsTo, manageLinkOf, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';

let t: TestApp;
let visitor: Client;
beforeEach(async () => {
  t = await createTestApp();
  visitor = client(t);
});
afterEach(async () => {
  await t.close();
});

/** Books through the public API and reads the guest's link out of the mail the outbox received. */
async function bookAndReadLink(path: '/api/reservations' | '/api/party-bookings', body: object, to: string) {
  const res = await visitor.post(path, body);
  expect(res.statusCode).toBe(201);
  await notificationsOf(t.runtime)!.idle();
  const mail = mailsTo(await outboxMails(t.dataDir), to).at(-1);
  const link = mail ? manageLinkOf(mail) : null;
  expect(link, 'the mail carries the manage link').toBeTruthy();
  const url = new URL(link!);
  expect(url.origin).toBe(t.config.publicUrl);
  const token = url.searchParams.get('token')!;
  return { id: (res.json() as { id: string }).id, token, api: `/api/guest-bookings/${token}` };
}

describe('a guest manages their booking through the e-mailed link', () => {
  it('shows the booking, changes its time and size, then cancels it; the history says guest; then the link is over', async () => {
    const { id, api } = await bookAndReadLink('/api/reservations', reservationBody, reservationBody.email);
    const shown = await visitor.get(api);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json()).toEqual({
      kind: 'reservation',
      name: 'Ada Lovelace',
      date: '2026-11-21',
      time: '11:00',
      partySize: 4,
      eventTypeLabel: null,
      status: 'confirmed',
    });
    expect(shown.body).not.toContain('ada@example.com');

    const changed = await visitor.patch(api, { time: '13:30', partySize: 6 });
    expect(changed.statusCode).toBe(200);
    expect((await visitor.get(api)).json()).toMatchObject({ time: '13:30', partySize: 6 });

    const cancelled = await visitor.delete(api);
    expect(cancelled.statusCode).toBe(200);

    const admin = client(t, await signInAdmin(t));
    const history = (await admin.get(`/api/admin/reservations/${id}/history`)).json() as {
      active: boolean;
      events: { what: string; by: string; actorKind: string; changes: { field: string; from: unknown; to: unknown }[] }[];
    };
    expect(history.active).toBe(false);
    expect(history.events.map((e) => [e.what, e.actorKind, e.by])).toEqual([
      ['Reservation requested', 'visitor', 'visitor'],
      ['Reservation changed', 'guest', 'guest'],
      ['Reservation cancelled', 'guest', 'guest'],
    ]);
    expect(history.events[1]!.changes).toEqual([
      { field: 'partySize', from: 4, to: 6 },
      { field: 'time', from: '11:00', to: '13:30' },
    ]);
    // Gone from the staff lists too.
    expect(((await admin.get('/api/reservations')).json() as unknown[]).length).toBe(0);

    for (const res of [await visitor.get(api), await visitor.patch(api, { time: '12:00' }), await visitor.delete(api)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ message: GUEST_BOOKING_CANCELLED });
    }
  });

  it('re-validates a change with the contract schema: sizes of the public form, slots of that day, a date, something to change', async () => {
    const { api } = await bookAndReadLink('/api/reservations', reservationBody, reservationBody.email);
    const tooSmall = await visitor.patch(api, { partySize: 1 });
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json().issues[0]).toMatchObject({ path: ['partySize'] });
    const notASlot = await visitor.patch(api, { time: '19:15' });
    expect(notASlot.statusCode).toBe(400);
    expect(notASlot.json()).toMatchObject({ message: SLOT_MESSAGE });
    // A half hour the day's hours do not seat is refused naming the hours it keeps.
    const outsideHours = await visitor.patch(api, { time: '03:00' });
    expect(outsideHours.statusCode).toBe(400);
    expect(outsideHours.json().message).toMatch(/^We seat guests from .* Please choose another time\.$/);
    const nothing = await visitor.patch(api, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ message: GUEST_CHANGE_EMPTY });
    // A new date is checked the same way (guest-booking-move.int.test.ts moves it).
    const notADate = await visitor.patch(api, { date: '2026-11-31', time: '12:00' });
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().issues[0]).toMatchObject({ path: ['date'] });
    expect((await visitor.get(api)).json()).toMatchObject({ date: '2026-11-21', time: '11:00' });
  });

  it('refuses a tampered link with 403 and the contract message, whatever part was changed', async () => {
    const { token, id } = await bookAndReadLink('/api/reservations', reservationBody, reservationBody.email);
    const [code, , expires, signature] = token.split('.');
    const flip = (s: string) => s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
    const tampered = [
      `${code}.${id}.${expires}.${flip(signature!)}`, // the signature
      `${code}.${id}.${Number(expires) + 86_400}.${signature}`, // a later expiry
      `p.${id}.${expires}.${signature}`, // the kind
      `${code}.${id.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}.${expires}.${signature}`, // another booking
      'not-a-token',
    ];
    for (const bad of tampered) {
      for (const res of [await visitor.get(`/api/guest-bookings/${bad}`), await visitor.delete(`/api/guest-bookings/${bad}`)]) {
        expect(res.statusCode, bad).toBe(403);
        expect(res.json()).toEqual({ message: GUEST_LINK_INVALID });
      }
    }
    // …and the booking is untouched.
    expect((await visitor.get(`/api/guest-bookings/${token}`)).json()).toMatchObject({ status: 'confirmed' });
  });

  it('works through the booking day and is refused with 410 from the next day on (café time)', async () => {
    const { api } = await bookAndReadLink('/api/reservations', reservationBody, reservationBody.email);
    t.clock.set('2026-11-22T05:59:00.000Z'); // Saturday 23:59 in Chicago
    expect((await visitor.get(api)).statusCode).toBe(200);
    t.clock.set('2026-11-22T06:00:00.000Z'); // Sunday 00:00
    for (const res of [await visitor.get(api), await visitor.delete(api)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ message: GUEST_LINK_EXPIRED });
    }
  });

  it('party bookings: the request mail carries the link (a pending request can be cancelled); a declined one is over', async () => {
    const first = await bookAndReadLink('/api/party-bookings', partyBody, partyBody.email);
    expect((await visitor.get(first.api)).json()).toMatchObject({ kind: 'party', status: 'pending', eventTypeLabel: 'Birthday Party' });
    expect((await visitor.patch(first.api, { partySize: 5 })).statusCode).toBe(400); // public party sizes start at 6
    expect((await visitor.patch(first.api, { partySize: 15 })).statusCode).toBe(200);
    expect((await visitor.delete(first.api)).statusCode).toBe(200);
    expect((await visitor.get(first.api)).statusCode).toBe(410);

    const second = await bookAndReadLink('/api/party-bookings', { ...partyBody, email: 'lin@example.com' }, 'lin@example.com');
    const admin = client(t, await signInAdmin(t));
    expect((await admin.patch(`/api/party-bookings/${second.id}/approve`, { status: 'rejected' })).statusCode).toBe(200);
    const declined = await visitor.get(second.api);
    expect(declined.statusCode).toBe(410);
    expect(declined.json()).toEqual({ message: GUEST_BOOKING_DECLINED });
  });
});
