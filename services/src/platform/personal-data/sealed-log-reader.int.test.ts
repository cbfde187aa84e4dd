import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { event } from '../event-store/event-store.contract.js';
import { EncryptingEventStore } from './encrypting-event-store.js';
import { SqliteGuestKeyStore } from './sqlite-guest-key-store.js';
import { guestKeyRef } from './field-cipher.js';
import { SealedLogReader } from './sealed-log-reader.js';

const root = mkdtempSync(join(tmpdir(), 'sealed-log-reader-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const SECRET = 'a-secret-of-the-test-'.padEnd(40, 'x');

describe('SealedLogReader', () => {
  it('reads pages as the encrypting store reads them: opened, erased where the key is gone, the rest as stored', async () => {
    const file = join(root, 'events.sqlite');
    const events = new SqliteEventStore(file);
    const store = new EncryptingEventStore(events, new SqliteGuestKeyStore(file, events), SECRET);
    for (let i = 0; i < 30; i++) {
      const data = { reservationId: `r${i}`, name: `Zoë ${i}`, email: `guest${i}@example.com`, phone: '(262) 555-0100', partySize: 2 };
      await store.appendToStream(`reservation-r${i}`, [event('ReservationRequested', data)]);
      await store.appendToStream(`reservation-r${i}`, [event('ReservationChanged', { reservationId: `r${i}`, partySize: 3 })]);
    }
    // A stored field that itself holds a "sealed" key: only the outer object's last member is the seal.
    await store.appendToStream('reservation-r7', [
      event('ReservationChanged', { reservationId: 'r7', tables: { sealed: { k: 'not-a-key', c: 'x' } }, name: 'Zoë "7" \\ 七' }),
    ]);
    // A seal that is not the last member (no writer puts one there, but a log outlives its writers): opened all the same.
    const { sealed: firstSeal, ...firstRest } = (await events.readStream('reservation-r1'))[0]!.data as Record<string, unknown>;
    await events.appendToStream('reservation-r1', [event('ReservationRequested', { sealed: firstSeal, ...firstRest, note: 'seal first' })]);
    await store.appendToStream('blocked-2030-01-01', [event('DateBlocked', { date: '2030-01-01', reason: 'Holiday' })]);
    await store.forgetKey(guestKeyRef(SECRET, 'guest4@example.com'));
    expect(store.logFiles()).toMatchObject({ events: file, keys: file, sealedTypes: expect.arrayContaining(['ReservationRequested']) });

    const reader = new SealedLogReader(store.logFiles()!);
    const pages = [];
    for (let after = 0; ;) {
      const page = reader.read(after, 25);
      pages.push(...(JSON.parse(page.json) as { revision: number; position: number }[]));
      after = page.last;
      if (page.count < 25) break;
    }
    reader.close();
    const expected = await store.readAll();
    expect(pages.map((e) => ({ ...e, revision: BigInt(e.revision), position: BigInt(e.position) }))).toEqual(expected);
    expect(expected.find((e) => e.streamId === 'reservation-r4')!.data).not.toMatchObject({ email: 'guest4@example.com' });
    expect(expected.find((e) => e.streamId === 'reservation-r5')!.data).toMatchObject({ name: 'Zoë 5', email: 'guest5@example.com' });
    expect(pages.find((e) => JSON.stringify(e).includes('seal first'))).toMatchObject({
      data: { name: 'Zoë 1', email: 'guest1@example.com' },
    });
    expect(pages.find((e) => e.revision === 2 && JSON.stringify(e).includes('r7'))).toMatchObject({
      data: { reservationId: 'r7', tables: { sealed: { k: 'not-a-key', c: 'x' } }, name: 'Zoë "7" \\ 七' },
    });
    await store.close();
  });
});
