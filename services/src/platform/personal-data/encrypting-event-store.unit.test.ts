import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@cafe/contracts';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import type { RecordedEvent } from '../event-store/event-store.js';
import { EncryptingEventStore } from './encrypting-event-store.js';
import { SqliteGuestKeyStore } from './sqlite-guest-key-store.js';
import { guestKeyRef } from './field-cipher.js';

const SECRET = 'x'.repeat(32);
const metadata: EventMetadata = {
  occurredAt: '2026-11-18T16:00:00.000Z',
  actor: { kind: 'visitor' },
  correlationId: 'c',
  causationId: 'c',
};
const ada = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '(262) 555-0100', specialRequests: 'Window' };
const requested = (id: string, guest: Record<string, string> = ada) => ({
  type: 'ReservationRequested',
  data: { reservationId: id, source: 'public', partySize: 4, date: '2026-11-21', time: '11:00', ...guest },
  metadata,
});

let inner: SqliteEventStore;
let keys: SqliteGuestKeyStore;
let store: EncryptingEventStore;
beforeEach(() => {
  inner = new SqliteEventStore(':memory:');
  keys = new SqliteGuestKeyStore(':memory:');
  store = new EncryptingEventStore(inner, keys, SECRET);
});
afterEach(async () => {
  await store.close();
});

const raw = async (streamId: string) => JSON.stringify((await inner.readStream(streamId)).map((e) => e.data));

describe('EncryptingEventStore (a decorator on the EventStore port)', () => {
  it('seals the personal fields on append and opens them on every read path', async () => {
    await store.appendToStream('reservation-1', [requested('1')]);
    expect(await raw('reservation-1')).not.toMatch(/Ada|ada@example|555-0100|Window/);
    expect((await inner.readStream('reservation-1'))[0]!.data).toMatchObject({ partySize: 4, date: '2026-11-21', time: '11:00' });

    const expected = { reservationId: '1', ...ada, partySize: 4 };
    expect((await store.readStream('reservation-1'))[0]!.data).toMatchObject(expected);
    expect((await store.readAll())[0]!.data).toMatchObject(expected);
    const seen: RecordedEvent[] = [];
    const sub = store.subscribeToAll((e) => void seen.push(e));
    await expect.poll(() => seen.length).toBe(1);
    await sub.close();
    expect(seen[0]!.data).toMatchObject(expected);
  });

  it('seals all of a guest’s fields of an event under one seal, and looks the key up once per guest of an append', async () => {
    const lookups: string[] = [];
    const getOrCreate = keys.getOrCreate.bind(keys);
    keys.getOrCreate = (ref) => {
      lookups.push(ref);
      return getOrCreate(ref);
    };
    await store.appendToStream('reservation-1', [
      requested('1'),
      { type: 'ReservationChanged', data: { reservationId: '1', name: 'Ada King', phone: '(262) 555-0199' }, metadata },
    ]);
    expect(lookups).toEqual([guestKeyRef(SECRET, ada.email)]);
    const [first, second] = (await inner.readStream('reservation-1')).map((e) => e.data as Record<string, unknown>);
    expect(Object.keys(first!).filter((field) => field in ada)).toEqual([]);
    expect((first!.sealed as { f: string[] }).f).toEqual(['name', 'email', 'phone', 'specialRequests']);
    expect((second!.sealed as { f: string[] }).f).toEqual(['name', 'phone']);
    expect((await store.readStream('reservation-1')).map((e) => e.data)).toEqual([
      { reservationId: '1', source: 'public', partySize: 4, date: '2026-11-21', time: '11:00', ...ada },
      { reservationId: '1', name: 'Ada King', phone: '(262) 555-0199' },
    ]);
  });

  it('seals an edit without the e-mail with the stream guest’s key, and leaves other events untouched', async () => {
    await store.appendToStream('reservation-1', [requested('1')]);
    await store.appendToStream('reservation-1', [
      { type: 'ReservationChanged', data: { reservationId: '1', phone: '(262) 555-0199' }, metadata },
    ]);
    await store.appendToStream('reservation-1', [{ type: 'ReservationChanged', data: { reservationId: '1', partySize: 6 }, metadata }]);
    const stored = await inner.readStream('reservation-1');
    expect(JSON.stringify(stored[1]!.data)).not.toContain('555-0199');
    expect((stored[1]!.data as { sealed: { k: string } }).sealed.k).toBe(guestKeyRef(SECRET, ada.email));
    expect(stored[2]!.data).toEqual({ reservationId: '1', partySize: 6 });
    expect((await store.readStream('reservation-1'))[1]!.data).toEqual({ reservationId: '1', phone: '(262) 555-0199' });
  });

  it('given a forgotten guest, when an event without their e-mail comes for their booking, then no key is made again and its fields are stored erased', async () => {
    await store.appendToStream('reservation-1', [requested('1')]);
    expect(await store.forgetKey(guestKeyRef(SECRET, ada.email))).toBe(true);
    await store.appendToStream('reservation-1', [
      { type: 'ReservationChanged', data: { reservationId: '1', phone: '(262) 555-0199', specialRequests: 'Late' }, metadata },
    ]);
    const stored = await inner.readStream('reservation-1');
    expect(stored[1]!.data).toEqual({ reservationId: '1', phone: '' });
    expect((await keys.getMany([guestKeyRef(SECRET, ada.email)])).size).toBe(0);
  });

  it('once the key is deleted, reads show the fields erased (never an error); other guests still read', async () => {
    await store.appendToStream('reservation-1', [requested('1')]);
    await store.appendToStream('reservation-2', [requested('2', { ...ada, name: 'Otto', email: 'otto@example.com' })]);
    expect(await store.forgetKey(guestKeyRef(SECRET, 'ADA@example.com'))).toBe(true);
    const [first, second] = await store.readAll();
    expect(first!.data).toEqual({
      reservationId: '1',
      source: 'public',
      partySize: 4,
      date: '2026-11-21',
      time: '11:00',
      name: 'Personal data erased',
      email: '',
      phone: '',
    });
    expect(second!.data).toMatchObject({ name: 'Otto', email: 'otto@example.com' });
  });

  it('given two walk-ins without an e-mail, when each is sealed, then each has a key of its own (no shared guest of ""), and forgetting a guest leaves them', async () => {
    const walkIn = { name: 'Walk-in', email: '', phone: '' };
    await store.appendToStream('reservation-w1', [requested('w1', walkIn)]);
    await store.appendToStream('reservation-w2', [requested('w2', { ...walkIn, name: 'Zed' })]);
    await store.appendToStream('reservation-w2', [{ type: 'ReservationChanged', data: { reservationId: 'w2', name: 'Zed Z' }, metadata }]);
    const refs = (await inner.readAll()).map((e) => (e.data as { sealed: { k: string } }).sealed.k);
    expect(refs[0]).not.toBe(refs[1]);
    expect(refs[2]).toBe(refs[1]);
    expect(refs).not.toContain(guestKeyRef(SECRET, ''));

    await store.appendToStream('reservation-1', [requested('1')]);
    expect((await store.findGuest('')).bookings).toEqual([]);
    expect(await store.forgetKey(guestKeyRef(SECRET, ada.email))).toBe(true);
    const names = (await store.readAll()).map((e) => (e.data as { name: string }).name);
    expect(names).toEqual(['Walk-in', 'Zed', 'Zed Z', 'Personal data erased']);
  });

  it('keeps the order of appends made without waiting, whichever needs a key', async () => {
    const done = [
      store.appendToStream('reservation-1', [requested('1')], { expectedRevision: 'no_stream' }),
      store.appendToStream('reservation-1', [{ type: 'ReservationCancelled', data: { reservationId: '1' }, metadata }], {
        expectedRevision: 0n,
      }),
    ];
    await Promise.all(done);
    expect((await store.readStream('reservation-1')).map((e) => e.type)).toEqual(['ReservationRequested', 'ReservationCancelled']);
  });

  it('finds a guest’s bookings and the plain-text events stored before encryption, and rewrites those', async () => {
    await store.appendToStream('reservation-1', [requested('1')]);
    await inner.appendToStream('reservation-0', [requested('0')]); // written before this decorator existed
    await inner.appendToStream('reservation-0', [
      { type: 'ReservationChanged', data: { reservationId: '0', phone: '(262) 555-0111' }, metadata },
    ]);
    await store.appendToStream('reservation-9', [requested('9', { ...ada, email: 'someone@example.com' })]);
    const found = await store.findGuest('Ada@Example.com');
    expect(found.bookings.map((b) => b.streamId).sort()).toEqual(['reservation-0', 'reservation-1']);
    expect(found.legacy.map((e) => `${e.streamId}@${e.revision}`)).toEqual(['reservation-0@0', 'reservation-0@1']);
    expect(await store.rewriteLegacy(found.legacy)).toEqual({ rewritten: 2, left: 0 });
    expect(await raw('reservation-0')).not.toMatch(/Ada|ada@example|555-01/);
  });
});
