import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '@cafe/contracts';
import { addWalkIn } from './arrivals';
import { createAdminReservation } from './create-admin-reservation';
import { idempotentCreate } from './idempotent-create';

/**
 * Issue 51 (Low): the staff's Add New Reservation and Walk-in sent no Idempotency-Key, so Save pressed
 * again after a 500 booked twice. What the forms send, on a stand-in for fetch.
 */
interface Sent {
  method: string;
  url: string;
  key: string | undefined;
}

let sent: Sent[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    sent.push({ method: init.method ?? 'GET', url, key: headers[IDEMPOTENCY_KEY_HEADER] });
    return new Response(JSON.stringify({ id: 'r1', version: 1, date: '2026-11-18', time: '19:00' }), { status: 201 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const reservation = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '(262) 555-0100',
  partySize: 4,
  date: '2026-11-21',
  time: '11:00',
  specialRequests: '',
};

describe('the staff forms that book, sent again', () => {
  it('when Create Reservation is pressed again with the same details, then the same Idempotency-Key goes with it; once booked, a new one', async () => {
    let n = 0;
    const create = idempotentCreate(createAdminReservation, () => `key-${++n}`);
    await create.send(reservation);
    await create.send(reservation);
    await create.send({ ...reservation, partySize: 5 });
    create.booked();
    await create.send({ ...reservation, partySize: 5 });
    expect(sent).toEqual([
      { method: 'POST', url: '/api/admin/reservations', key: 'key-1' },
      { method: 'POST', url: '/api/admin/reservations', key: 'key-1' },
      { method: 'POST', url: '/api/admin/reservations', key: 'key-2' },
      { method: 'POST', url: '/api/admin/reservations', key: 'key-3' },
    ]);
  });

  it('when Add is pressed again on a walk-in, then the same Idempotency-Key goes with it', async () => {
    const add = idempotentCreate(addWalkIn);
    await add.send({ partySize: 2 });
    await add.send({ partySize: 2 });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/admin/walk-ins', 'POST /api/admin/walk-ins']);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('when the capacity override is sent after "fully booked", then it asks under its own key (the refused request stored nothing)', async () => {
    const create = idempotentCreate(createAdminReservation);
    await create.send(reservation);
    await create.send({ ...reservation, overrideCapacity: true });
    expect(sent[1]!.url).toBe('/api/admin/reservations?override=capacity');
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });
});
