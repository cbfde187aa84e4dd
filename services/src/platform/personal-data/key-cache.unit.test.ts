import { describe, expect, it } from 'vitest';
import type { EventMetadata } from '@cafe/contracts';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import type { RecordedEvent } from '../event-store/event-store.js';
import { EncryptingEventStore } from './encrypting-event-store.js';
import { SqliteGuestKeyStore } from './sqlite-guest-key-store.js';
import { guestKeyRef } from './field-cipher.js';
import { KeyCache } from './key-cache.js';

/**
 * Issue 51 (Low): a subscription kept the key of every guest it opened an event of, without bound (a
 * projector catching up on a long log holds them all). The cache keeps the guests met lately.
 */
const key = (n: number) => Buffer.alloc(32, n);

describe('KeyCache (the keys a subscription keeps at hand)', () => {
  it('when more guests come than it holds, then it keeps `max` keys, drops the least recently used, and counts them', () => {
    const cache = new KeyCache(3);
    for (let i = 0; i < 1000; i++) cache.set(`guest-${i}`, key(i % 256));
    expect(cache.size).toBe(3);
    expect(cache.evicted).toBe(997);
    expect(cache.get('guest-0')).toBeUndefined();
    expect(cache.get('guest-999')).toEqual(key(999 % 256));
  });

  it('when a key is used, then it is the last to go', () => {
    const cache = new KeyCache(2);
    cache.set('ada', key(1));
    cache.set('otto', key(2));
    expect(cache.get('ada')).toEqual(key(1));
    cache.set('zed', key(3));
    expect(cache.get('otto')).toBeUndefined();
    expect(cache.get('ada')).toEqual(key(1));
    cache.delete('ada');
    expect(cache.size).toBe(1);
  });
});

const SECRET = 'x'.repeat(32);
const metadata: EventMetadata = {
  occurredAt: '2026-11-18T16:00:00.000Z',
  actor: { kind: 'visitor' },
  correlationId: 'c',
  causationId: 'c',
};
const requested = (id: string, email: string) => ({
  type: 'ReservationRequested',
  data: { reservationId: id, source: 'public', partySize: 4, date: '2026-11-21', time: '11:00', name: id, email, phone: '' },
  metadata,
});

describe('EncryptingEventStore subscriptions, given more guests than their key cache holds', () => {
  it('when a guest met long ago comes back, then their key is looked up again (it was not kept), and every event still opens', async () => {
    const inner = new SqliteEventStore(':memory:');
    const keys = new SqliteGuestKeyStore(':memory:');
    // Written by another process (the gateway): nothing is at hand from sealing in the subscriber's.
    const writer = new EncryptingEventStore(inner, keys, SECRET);
    const guests = ['ada', 'otto', 'zed'].map((name) => `${name}@example.com`);
    for (const [i, email] of [...guests, guests[0]!].entries())
      await writer.appendToStream(`reservation-${i}`, [requested(`r${i}`, email)]);

    const lookups: string[] = [];
    const getMany = keys.getMany.bind(keys);
    keys.getMany = (refs) => {
      lookups.push(...refs);
      return getMany(refs);
    };
    const subscriber = new EncryptingEventStore(inner, keys, SECRET, { subscriptionKeys: 2 });
    const seen: RecordedEvent[] = [];
    const subscription = subscriber.subscribeToAll((event) => void seen.push(event));
    await expect.poll(() => seen.length).toBe(4);
    await subscription.close();
    expect(seen.map((e) => (e.data as { email: string }).email)).toEqual([...guests, guests[0]]);
    const ada = guestKeyRef(SECRET, guests[0]!);
    expect(lookups.filter((ref) => ref === ada)).toHaveLength(2);
    await inner.close();
    await keys.close();
  });
});
