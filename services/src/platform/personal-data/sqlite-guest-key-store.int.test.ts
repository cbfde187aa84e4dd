import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata } from '@cafe/contracts';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WrongExpectedRevisionError } from '../event-store/event-store.js';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { EncryptingEventStore } from './encrypting-event-store.js';
import { guestKeyRef } from './field-cipher.js';
import { guestKeyStoreContract } from './guest-key-store.contract.js';
import { SqliteGuestKeyStore } from './sqlite-guest-key-store.js';

const SECRET = 'x'.repeat(32);

guestKeyStoreContract('SQLite (beside the events)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cafe-keys-'));
  const file = join(dir, 'events.sqlite');
  return {
    store: new SqliteGuestKeyStore(file),
    reopen: async () => new SqliteGuestKeyStore(file),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

it('leaves no byte of a deleted key in the file or its log', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cafe-keys-'));
  const file = join(dir, 'events.sqlite');
  const store = new SqliteGuestKeyStore(file);
  try {
    const key = await store.getOrCreate('guest-a');
    await store.getOrCreate('guest-b');
    await store.delete('guest-a');
    const bytes = Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`, { flag: 'a+' })]);
    expect(bytes.indexOf(key)).toBe(-1);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

it('empties the log once a reader that kept it busy at the delete lets go', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cafe-keys-'));
  const file = join(dir, 'events.sqlite');
  const store = new SqliteGuestKeyStore(file);
  const reader = new Database(file);
  try {
    const key = await store.getOrCreate('guest-a');
    await store.getOrCreate('guest-b');
    // Given a reader holding a snapshot of the log (a backup, a long query), when the key is deleted,
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM guest_keys').get();
    await store.delete('guest-a');
    const log = () => readFileSync(`${file}-wal`, { flag: 'a+' });
    expect(log().indexOf(key)).not.toBe(-1); // the log could not be emptied under the reader
    // then once the reader lets go, the next try empties it without another delete.
    reader.exec('COMMIT');
    await expect.poll(() => log().indexOf(key), { timeout: 5000, interval: 100 }).toBe(-1);
  } finally {
    reader.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('a new key riding in the commit of the events sealed with it', () => {
  const metadata: EventMetadata = {
    occurredAt: '2026-11-26T16:00:00.000Z',
    actor: { kind: 'visitor' },
    correlationId: 'c',
    causationId: 'c',
  };
  const requested = (id: string) => ({
    type: 'ReservationRequested',
    data: {
      reservationId: id,
      source: 'public',
      partySize: 2,
      date: '2026-12-01',
      time: '18:00',
      name: 'Ada',
      email: 'ada@example.com',
      phone: '(262) 555-0100',
    },
    metadata,
  });
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cafe-keys-'));
    file = join(dir, 'events.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('given a new guest, when their first booking is appended, then key and events share one commit and survive a restart', async () => {
    const events = new SqliteEventStore(file);
    const store = new EncryptingEventStore(events, new SqliteGuestKeyStore(file, events), SECRET);
    await store.appendToStream('reservation-1', [requested('1')]);
    expect(events.groupCommitStats.commits).toBe(1);
    await store.close();

    const again = new SqliteEventStore(file);
    const reopened = new EncryptingEventStore(again, new SqliteGuestKeyStore(file, again), SECRET);
    try {
      const [event] = await reopened.readStream('reservation-1');
      expect(event!.data).toMatchObject({ name: 'Ada', email: 'ada@example.com' });
    } finally {
      await reopened.close();
    }
  });

  it('given another process made the same key first, when the append commits, then it is refused as a conflict and sealing again uses the stored key', async () => {
    const events = new SqliteEventStore(file);
    const keys = new SqliteGuestKeyStore(file, events);
    const store = new EncryptingEventStore(events, keys, SECRET);
    const other = new SqliteGuestKeyStore(file);
    try {
      const ref = guestKeyRef(SECRET, 'ada@example.com');
      const mine = await keys.getOrCreate(ref);
      const theirs = await other.getOrCreate(ref);
      expect(mine.equals(theirs)).toBe(false);
      await expect(store.appendToStream('reservation-1', [requested('1')])).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await keys.getOrCreate(ref)).equals(theirs)).toBe(true);
      await store.appendToStream('reservation-1', [requested('1')]);
      expect((await store.readStream('reservation-1'))[0]!.data).toMatchObject({ name: 'Ada' });
    } finally {
      await other.close();
      await store.close();
    }
  });

  it('given a key no event has used yet, when the store closes, then the key is kept', async () => {
    const events = new SqliteEventStore(file);
    const keys = new SqliteGuestKeyStore(file, events);
    const key = await keys.getOrCreate('guest-a');
    await events.close();
    await keys.close();
    const reopened = new SqliteGuestKeyStore(file);
    try {
      expect((await reopened.getMany(['guest-a'])).get('guest-a')!.equals(key)).toBe(true);
    } finally {
      await reopened.close();
    }
  });
});
