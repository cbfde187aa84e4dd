import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { OFFER_EXPIRED_MESSAGE, OFFER_TAKEN_MESSAGE, offerSubject, type AdminWaitlistOut, type WaitlistEntryOut } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { reservationBody } from '../../test/booking-test-kit.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { mailsTo, outboxMails } from '../../test/outbox.js';
import { dayHolds } from '../../test/floor-booking-kit.js';
import { waitlistProcessOf } from './index.js';
import { waitlistDayStream } from './waitlist-day-decider.js';

// The clock: Wednesday 2026-11-18, 10:00 in Chicago. Friday the 20th and Saturday the 21st are open evenings.
const FRIDAY = '2026-11-20';
const SATURDAY = '2026-11-21';
const visitor = { origin: 'http://localhost:3000' };
const couple = (email: string, date: string) => ({
  ...reservationBody,
  email,
  partySize: 2,
  date,
  time: '19:00',
  specialRequests: undefined,
});
const joinBody = (name: string, email: string, date: string) => ({
  name,
  email,
  phone: '(262) 555-0133',
  partySize: 2,
  date,
  from: '18:30',
  to: '20:00',
});

type Send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/** A 4-seat café with two couples at 7 PM on `date`; answers their reservations' ids. */
async function fullEvening(send: Send, date: string): Promise<string[]> {
  expect((await send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', seatCapacity: 4 })).statusCode).toBe(200);
  const ids: string[] = [];
  for (const email of [`ann.${date}@example.com`, `bob.${date}@example.com`]) {
    const res = await send('POST', '/api/reservations', couple(email, date), visitor);
    expect(res.statusCode).toBe(201);
    ids.push(res.json<{ id: string }>().id);
  }
  return ids;
}

async function join(send: Send, name: string, email: string, date: string): Promise<WaitlistEntryOut> {
  const res = await send('POST', '/api/waitlist', joinBody(name, email, date), visitor);
  expect(res.statusCode).toBe(201);
  return res.json<WaitlistEntryOut>();
}

const list = async (send: Send, date: string) => (await send('GET', `/api/admin/waitlist?date=${date}`)).json<AdminWaitlistOut>();

describe('waitlist races', () => {
  const { t, send } = useAdminApp();

  it('two cancellations at once give two offers to two different entries; 20 concurrent claims of one offer make one booking', async () => {
    const [ann, bob] = await fullEvening(send, FRIDAY);
    const carol = await join(send, 'Carol', 'carol@example.com', FRIDAY);
    const dave = await join(send, 'Dave', 'dave@example.com', FRIDAY);
    expect([carol.position, dave.position]).toEqual([1, 2]);

    // Two cancellations at once
    const cancelled = await Promise.all([send('DELETE', `/api/reservations/${ann}`), send('DELETE', `/api/reservations/${bob}`)]);
    expect(cancelled.map((r) => r.statusCode)).toEqual([200, 200]);
    await waitlistProcessOf(t.runtime)!.pass();

    // Two offers, to two different entries, each holding its own seats (the evening empty: the window's first time)
    const { entries } = await list(send, FRIDAY);
    expect(entries.map((e) => [e.name, e.status, e.offer?.time])).toEqual([
      ['Carol', 'offered', '18:30'],
      ['Dave', 'offered', '18:30'],
    ]);
    const [carolOffer, daveOffer] = entries.map((e) => e.offer!.id);
    expect(carolOffer).not.toBe(daveOffer);
    const holds = await dayHolds(t, FRIDAY);
    expect(holds.map((h) => [h.bookingId, h.kind]).sort()).toEqual(
      [
        [carolOffer, 'offer'],
        [daveOffer, 'offer'],
      ].sort(),
    );
    // Each was mailed once
    for (const email of ['carol@example.com', 'dave@example.com']) {
      const offers = await (async () => {
        for (let i = 0; i < 100; i++) {
          const found = mailsTo(await outboxMails(t.dataDir), email).filter((m) => m.subject === offerSubject(FRIDAY, '18:30'));
          if (found.length) return found;
          await new Promise((r) => setTimeout(r, 100));
        }
        return [];
      })();
      expect(offers).toHaveLength(1);
    }

    // 20 concurrent claims of Carol's offer make one booking
    const token = (await send('GET', `/api/waitlist/${carol.token}`, undefined, visitor)).json<WaitlistEntryOut>().offer!.token!;
    const claims = await Promise.all(Array.from({ length: 20 }, () => send('POST', `/api/waitlist-offers/${token}/claim`, {}, visitor)));
    const statuses = claims.map((c) => c.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const refused of claims.filter((c) => c.statusCode === 409)) expect(refused.json().message).toBe(OFFER_TAKEN_MESSAGE);
    expect(claims.find((c) => c.statusCode === 201)!.json()).toMatchObject({ id: carolOffer });
    const reservations = (await send('GET', '/api/reservations')).json<{ id: string; email: string }[]>();
    expect(reservations.filter((r) => r.email === 'carol@example.com').map((r) => r.id)).toEqual([carolOffer]);
    expect((await dayHolds(t, FRIDAY)).find((h) => h.bookingId === carolOffer)).toMatchObject({ kind: 'reservation', time: '18:30' });
  }, 60_000);
});

describe('an offer left to expire', () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('goes to the next entry (clock injected), and a restart in between changes nothing', async () => {
    t = await createTestApp();
    let admin = (await signInAdmin(t)).headers;
    const send: Send = (method, url, body, headers = admin) =>
      t.app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
    const [ann] = await fullEvening(send, SATURDAY);
    const erin = await join(send, 'Erin', 'erin@example.com', SATURDAY);
    await join(send, 'Fay', 'fay@example.com', SATURDAY);
    expect((await send('DELETE', `/api/reservations/${ann}`)).statusCode).toBe(200);
    await waitlistProcessOf(t.runtime)!.pass();
    const offered = await list(send, SATURDAY);
    expect(offered.entries.map((e) => [e.name, e.status])).toEqual([
      ['Erin', 'offered'],
      ['Fay', 'waiting'],
    ]);
    // Held 30 minutes from 10:00 AM
    expect(offered.entries[0]!.offer!.holdUntil).toBe('2026-11-18T16:30:00.000Z');
    const erinToken = (await send('GET', `/api/waitlist/${erin.token}`, undefined, visitor)).json<WaitlistEntryOut>().offer!.token!;

    // A restart in between changes nothing: the same offer, no other, the same events on the date's waitlist
    const before = (await t.runtime.eventStore.readStream(waitlistDayStream(SATURDAY))).length;
    t = await t.restart();
    admin = (await signInAdmin(t)).headers;
    await waitlistProcessOf(t.runtime)!.pass();
    expect(await list(send, SATURDAY)).toEqual(offered);
    expect((await t.runtime.eventStore.readStream(waitlistDayStream(SATURDAY))).length).toBe(before);

    // 29 minutes on, still Erin's
    t.clock.advance(29 * 60_000);
    await waitlistProcessOf(t.runtime)!.pass();
    expect((await list(send, SATURDAY)).entries.map((e) => e.status)).toEqual(['offered', 'waiting']);

    // Past the hold: Erin's offer expires, Fay gets the seats (7:00, held 30 minutes from now)
    t.clock.advance(2 * 60_000);
    await waitlistProcessOf(t.runtime)!.pass();
    const next = await list(send, SATURDAY);
    expect(next.entries.map((e) => [e.name, e.status, e.offer?.status])).toEqual([
      ['Erin', 'expired', 'expired'],
      ['Fay', 'offered', 'offered'],
    ]);
    expect(next.entries[1]!.offer!.time).toBe('19:00');
    expect(next.entries[1]!.offer!.holdUntil).toBe('2026-11-18T17:01:00.000Z');
    const holds = await dayHolds(t, SATURDAY);
    expect(holds.filter((h) => h.kind === 'offer').map((h) => h.bookingId)).toEqual([next.entries[1]!.offer!.id]);
    const late = await send('POST', `/api/waitlist-offers/${erinToken}/claim`, {}, visitor);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(OFFER_EXPIRED_MESSAGE);

    // Another restart: still Fay's, and she was mailed once
    t = await t.restart();
    admin = (await signInAdmin(t)).headers;
    await waitlistProcessOf(t.runtime)!.pass();
    expect(await list(send, SATURDAY)).toEqual(next);
    for (
      let i = 0;
      i < 100 && !mailsTo(await outboxMails(t.dataDir), 'fay@example.com').some((m) => m.subject === offerSubject(SATURDAY, '19:00'));
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    const fayOffers = mailsTo(await outboxMails(t.dataDir), 'fay@example.com').filter((m) => m.subject === offerSubject(SATURDAY, '19:00'));
    expect(fayOffers).toHaveLength(1);
    expect(
      mailsTo(await outboxMails(t.dataDir), 'erin@example.com').filter((m) => m.subject === offerSubject(SATURDAY, '19:00')),
    ).toHaveLength(1);
  }, 60_000);
});
