import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@cafe/contracts';
import type { CommandContext } from '../platform/commands/command-types.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { requestReservation } from '../reservations/index.js';

let t: TestApp;
let visitor: Client;
beforeEach(async () => {
  t = await createTestApp();
  visitor = client(t);
});
afterEach(async () => {
  await t.close();
});

const stored = async (type: string) => (await t.runtime.eventStore.readAll()).filter((e) => e.type === type);

describe('a booking is stored once, whatever is retried', () => {
  it('an append that times out after the store wrote it is retried with the same event ids and yields one booking', async () => {
    let failures = 0;
    const real = t.runtime.eventStore;
    // The store writes, then the answer is lost (a deadline, a dropped connection): the caller cannot tell.
    const flaky: EventStore = new Proxy(real, {
      get(target, property, receiver) {
        if (property === 'appendToStreams') {
          return async (...args: Parameters<EventStore['appendToStreams']>) => {
            const results = await target.appendToStreams(...args);
            if (failures++ === 0) throw Object.assign(new Error('deadline exceeded'), { type: 'deadline-exceeded' });
            return results;
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const context: CommandContext = { actor: { kind: 'visitor' }, correlationId: 'timed-out', causationId: 'timed-out' };
    const created = await requestReservation({ ...t.runtime, eventStore: flaky }, 'public', reservationBody, context);

    expect(failures).toBe(2);
    expect(await stored('ReservationRequested')).toHaveLength(1);
    expect(await stored('SeatsReserved')).toHaveLength(1);
    const staff = client(t, await signInAdmin(t));
    const listed = (await staff.get('/api/reservations')).json<{ id: string }[]>();
    expect(listed.map((r) => r.id)).toEqual([created.id]);
  });

  it('the same public POST sent twice with one Idempotency-Key books once and answers the same body twice', async () => {
    const headers = { 'idempotency-key': 'booking-form-7f3a' };
    const first = await visitor.post('/api/reservations', reservationBody, headers);
    const again = await visitor.post('/api/reservations', reservationBody, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(await stored('ReservationRequested')).toHaveLength(1);
    // The guest's confirmation went out once.
    const sentMails = (await stored('NotificationsSent')).flatMap((e) => (e.data as { mails: unknown[] }).mails);
    expect(sentMails.length + (await stored('NotificationSent')).length).toBeLessThanOrEqual(1);

    // Another key is another booking.
    const other = await visitor.post(
      '/api/reservations',
      { ...reservationBody, time: '12:00' },
      { 'idempotency-key': 'booking-form-8b1c' },
    );
    expect(other.statusCode).toBe(201);
    expect(other.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);
    expect(await stored('ReservationRequested')).toHaveLength(2);
  });

  it('the same key with other details is refused, and a party request is kept apart from a reservation under one key', async () => {
    const headers = { 'idempotency-key': 'shared-key-1' };
    expect((await visitor.post('/api/reservations', reservationBody, headers)).statusCode).toBe(201);
    const changed = await visitor.post('/api/reservations', { ...reservationBody, partySize: 2 }, headers);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE);
    const party = await visitor.post('/api/party-bookings', partyBody, headers);
    expect(party.statusCode).toBe(201);
    expect((await visitor.post('/api/party-bookings', partyBody, headers)).body).toBe(party.body);
    expect(await stored('PartyBookingRequested')).toHaveLength(1);
    expect(await stored('ReservationRequested')).toHaveLength(1);
  });

  it('a key older than 24 hours books anew; a malformed key is a 400 and stores nothing', async () => {
    const headers = { 'idempotency-key': 'old-key' };
    const first = await visitor.post('/api/reservations', reservationBody, headers);
    t.clock.advance(25 * 60 * 60 * 1000);
    const later = await visitor.post('/api/reservations', { ...reservationBody, date: '2026-11-28' }, headers);
    expect(later.statusCode).toBe(201);
    expect(later.json<{ id: string }>().id).not.toBe(first.json<{ id: string }>().id);

    const bad = await visitor.post('/api/reservations', reservationBody, { 'idempotency-key': 'has spaces in it' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(IDEMPOTENCY_KEY_MESSAGE);
    expect(await stored('ReservationRequested')).toHaveLength(2);
  });

  it("a time-ordered key (the site's forms send one) gives a booking id in its time order, the same one again", async () => {
    const early = '0190a6c2-3b40-7c1d-9e2f-3a4b5c6d7e8f';
    const late = '0190a6c2-3b41-7000-8000-000000000000';
    const first = (await visitor.post('/api/reservations', reservationBody, { 'idempotency-key': early })).json<{ id: string }>();
    const again = (await visitor.post('/api/reservations', reservationBody, { 'idempotency-key': early })).json<{ id: string }>();
    const next = (await visitor.post('/api/reservations', { ...reservationBody, time: '12:00' }, { 'idempotency-key': late })).json<{
      id: string;
    }>();
    expect(again.id).toBe(first.id);
    // The key's milliseconds, version 7, RFC 9562's variant; the rest from the key's hash, not the key.
    expect(first.id).toMatch(/^0190a6c2-3b40-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first.id.slice(15)).not.toBe(early.slice(15));
    expect(next.id > first.id).toBe(true);
    expect(await stored('ReservationRequested')).toHaveLength(2);
    // A key of another kind keeps the hashed id (version 8).
    const plain = (await visitor.post('/api/reservations', { ...reservationBody, time: '13:00' }, { 'idempotency-key': 'form-1' })).json<{
      id: string;
    }>();
    expect(plain.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8/);
  });

  it("the staff's Add New Reservation and Walk-in sent twice with one Idempotency-Key book once (a Save pressed again after a 500)", async () => {
    const staff = client(t, await signInAdmin(t));
    const headers = { 'idempotency-key': '0190a6c2-3b40-7c1d-9e2f-3a4b5c6d7e8f' };
    const first = await staff.post('/api/admin/reservations', reservationBody, headers);
    const again = await staff.post('/api/admin/reservations', reservationBody, headers);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json<{ id: string }>().id).toBe(first.json<{ id: string }>().id);
    expect(await stored('ReservationRequested')).toHaveLength(1);

    // 7:10 PM on Wednesday: the café is open, a walk-in is seated now.
    t.clock.set('2026-11-19T01:10:00.000Z');
    const walkInKey = { 'idempotency-key': '0190a6c2-3b41-7000-8000-000000000001' };
    const seated = await staff.post('/api/admin/walk-ins', { partySize: 2 }, walkInKey);
    const seatedAgain = await staff.post('/api/admin/walk-ins', { partySize: 2 }, walkInKey);
    expect(seated.statusCode, seated.body).toBe(201);
    expect(seatedAgain.statusCode).toBe(201);
    expect(seatedAgain.json<{ id: string }>().id).toBe(seated.json<{ id: string }>().id);
    // A walk-in is a reservation (by staff) marked arrived: one more, not two.
    expect(await stored('ReservationRequested')).toHaveLength(2);
    expect(await stored('ReservationArrivalMarked')).toHaveLength(1);
  });
});
