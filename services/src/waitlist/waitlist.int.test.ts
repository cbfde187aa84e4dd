import { describe, expect, it } from 'vitest';
import {
  OFFER_TAKEN_MESSAGE,
  fullyBookedMessage,
  offerSubject,
  waitlistJoinedSubject,
  type WaitlistEntryOut,
  type WaitlistOfferOut,
} from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { reservationBody } from '../../test/booking-test-kit.js';
import { mailsTo, outboxMails } from '../../test/outbox.js';
import { dayHolds } from '../../test/floor-booking-kit.js';

// The clock: Wednesday 2026-11-18, 10:00 in Chicago. Friday the 20th is open 3 PM – 11 PM.
const FRIDAY = '2026-11-20';
const visitor = { origin: 'http://localhost:3000' };
const couple = (email: string, time = '19:00') => ({
  ...reservationBody,
  email,
  partySize: 2,
  date: FRIDAY,
  time,
  specialRequests: undefined,
});
const joinBody = (email: string, from = '18:30', to = '20:00') => ({
  name: 'Carol Waiting',
  email,
  phone: '(262) 555-0133',
  partySize: 2,
  date: FRIDAY,
  from,
  to,
});

/** Polls until `find` answers, up to `ms` (the process manager and the mailer work on their own timers). */
async function within<T>(ms: number, find: () => Promise<T | undefined>): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(`nothing within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const offerLinkOf = (text: string) => /\/waitlist-offers\/([\w.-]+)/.exec(text)?.[1];

describe('the evening waitlist: a full evening fills itself again', () => {
  const { t, send } = useAdminApp();

  it('a 4-seat café with two couples at 7 PM; a third couple is refused and joins for 6:30–8:00; staff cancel one couple; within seconds the waitlisted guest is mailed an offer; taking it books 7:00 (201); taking it again is refused; the seats are then full again', async () => {
    // Given a café of 4 seats with two couples at 7 PM
    expect((await send('PUT', '/api/admin/business-info', { name: 'Meeple Haven', seatCapacity: 4 })).statusCode).toBe(200);
    const first = await send('POST', '/api/reservations', couple('ann@example.com'), visitor);
    expect(first.statusCode).toBe(201);
    expect((await send('POST', '/api/reservations', couple('bob@example.com'), visitor)).statusCode).toBe(201);

    // A third couple is refused, and joins the waitlist for 6:30–8:00
    const refused = await send('POST', '/api/reservations', couple('carol@example.com'), visitor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(fullyBookedMessage('19:00'));
    const joined = await send('POST', '/api/waitlist', joinBody('carol@example.com'), visitor);
    expect(joined.statusCode).toBe(201);
    const entry = joined.json<WaitlistEntryOut>();
    expect(entry).toMatchObject({ status: 'waiting', position: 1, partySize: 2, from: '18:30', to: '20:00', offer: null });
    expect(entry.token).toMatch(/^w\./);
    const again = await send('POST', '/api/waitlist', joinBody('CAROL@example.com'), visitor);
    expect(again.statusCode).toBe(409);
    // Their mail links to their place, to see or leave it
    const joinedMail = await within(10_000, async () =>
      mailsTo(await outboxMails(t.dataDir), 'carol@example.com').find((m) => m.subject === waitlistJoinedSubject(FRIDAY)),
    );
    expect(joinedMail.text).toContain(`/waitlist/${entry.token}`);
    expect(joinedMail.text).toContain("You're number 1.");
    expect((await send('GET', `/api/waitlist/${entry.token}`, undefined, visitor)).json()).toMatchObject({
      position: 1,
      status: 'waiting',
    });

    // When staff cancel one couple
    expect((await send('DELETE', `/api/reservations/${first.json<{ id: string }>().id}`)).statusCode).toBe(200);

    // Then within seconds the waitlisted guest is mailed an offer for 7 PM, held on the day
    const offerMail = await within(10_000, async () =>
      mailsTo(await outboxMails(t.dataDir), 'carol@example.com').find((m) => m.subject === offerSubject(FRIDAY, '19:00')),
    );
    // Held 30 minutes (the default), from 10:00 AM when the cancellation came: the offer is for Friday, so the
    // mail names the day the hold ends (today, Wednesday)
    expect(offerMail.text).toContain(
      'A table for 2 is free on Friday, November 20, 2026 at 7:00 PM. It is held for you until Wednesday, November 18, 2026 at 10:30 AM.',
    );
    const token = offerLinkOf(offerMail.text ?? '')!;
    const offer = (await send('GET', `/api/waitlist-offers/${token}`, undefined, visitor)).json<WaitlistOfferOut>();
    expect(offer).toMatchObject({ time: '19:00', partySize: 2, status: 'offered', bookingId: null });
    expect((await dayHolds(t, FRIDAY)).find((h) => h.bookingId === offer.id)).toMatchObject({ kind: 'offer', time: '19:00' });
    // Nobody else takes the seats meanwhile: the availability counts them taken too
    const held = (await send('GET', `/api/availability?date=${FRIDAY}`, undefined, visitor)).json<{
      slots: { time: string; remaining: number }[];
    }>();
    expect(held.slots.find((s) => s.time === '19:00')?.remaining).toBe(0);
    expect((await send('POST', '/api/reservations', couple('dan@example.com'), visitor)).statusCode).toBe(409);

    // Taking it books 7:00 (201): the reservation's id is the offer's
    const taken = await send('POST', `/api/waitlist-offers/${token}/claim`, {}, visitor);
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toMatchObject({ id: offer.id });
    const booked = await send('GET', `/api/admin/reservations/${offer.id}`);
    expect(booked.json()).toMatchObject({ time: '19:00', date: FRIDAY, partySize: 2, email: 'carol@example.com' });

    // Taking it again is refused
    const twice = await send('POST', `/api/waitlist-offers/${token}/claim`, {}, visitor);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(OFFER_TAKEN_MESSAGE);

    // The seats are full again: 4 of 4 at 7 PM, no hold of the offer left, nobody else gets in
    const holds = await dayHolds(t, FRIDAY);
    expect(holds.map((h) => [h.kind, h.partySize])).toEqual([
      ['reservation', 2],
      ['reservation', 2],
    ]);
    expect((await send('POST', '/api/reservations', couple('erin@example.com'), visitor)).statusCode).toBe(409);
    const slots = (await send('GET', `/api/availability?date=${FRIDAY}`, undefined, visitor)).json<{
      slots: { time: string; remaining: number }[];
    }>();
    expect(slots.slots.find((s) => s.time === '19:00')?.remaining).toBe(0);

    // The guest's page and staff's list say booked
    expect((await send('GET', `/api/waitlist/${entry.token}`, undefined, visitor)).json()).toMatchObject({
      status: 'booked',
      position: null,
      bookingId: offer.id,
      offer: { status: 'taken', time: '19:00' },
    });
    const list = await send('GET', `/api/admin/waitlist?date=${FRIDAY}`);
    expect(list.json()).toMatchObject({
      date: FRIDAY,
      offerHoldMinutes: 30,
      entries: [{ name: 'Carol Waiting', email: 'carol@example.com', status: 'booked', offer: { id: offer.id, status: 'taken' } }],
    });
  }, 30_000);

  it('given a guest joining for one time (7:00–7:00), when the joined mail is written, then it reads "at 7:00 PM", not "between 7:00 PM and 7:00 PM"', async () => {
    const joined = await send('POST', '/api/waitlist', joinBody('once@example.com', '19:00', '19:00'), visitor);
    expect(joined.statusCode).toBe(201);
    const mail = await within(10_000, async () =>
      mailsTo(await outboxMails(t.dataDir), 'once@example.com').find((m) => m.subject === waitlistJoinedSubject(FRIDAY)),
    );
    expect(mail.text).toContain('on Friday, November 20, 2026, at 7:00 PM.');
    expect(mail.text).not.toContain('between');
  });
});
