import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { event } from '../event-store/event-store.contract.js';
import { EncryptingEventStore } from '../personal-data/encrypting-event-store.js';
import { SqliteGuestKeyStore } from '../personal-data/sqlite-guest-key-store.js';
import { guestKeyRef } from '../personal-data/field-cipher.js';
import { MemoryDocumentStore } from '../document-store/memory-document-store.js';
import type { Doc } from '../document-store/document-store.js';
import { ProjectionEngine } from './projection-engine.js';
import { CHECKPOINTS } from './projection-runner.js';
import { defineProjection, stripMeta } from './projection.js';

const root = mkdtempSync(join(tmpdir(), 'projection-parallel-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const SECRET = 'a-secret-of-the-test-'.padEnd(40, 'x');

interface GuestDoc extends Doc {
  name: string;
  email: string;
  size: number;
  changes: number;
}

/** The guests' sealed fields as read, and what changed after. */
const guests = defineProjection<GuestDoc>({
  name: 'guests',
  handles: ['ReservationRequested', 'ReservationChanged'],
  documentIds: (e) => [(e.data as { reservationId: string }).reservationId],
  evolve: (doc, e, id) => {
    const data = e.data as { name?: string; email?: string; partySize?: number };
    if (e.type === 'ReservationRequested') return { _id: id, name: data.name!, email: data.email!, size: data.partySize!, changes: 0 };
    return doc && { ...doc, size: data.partySize ?? doc.size, changes: doc.changes + 1 };
  },
});
const projections = [guests];

/** A sealed history of 3,000 events; the guest of booking r7 forgotten (their fields read erased). */
async function history(file: string): Promise<EncryptingEventStore> {
  const events = new SqliteEventStore(file);
  const store = new EncryptingEventStore(events, new SqliteGuestKeyStore(file, events), SECRET);
  for (let i = 0; i < 2_000; i++) {
    const data = {
      reservationId: `r${i}`,
      name: `Guest ${i}`,
      email: `guest${i}@example.com`,
      partySize: 2,
      date: '2030-01-01',
      time: '18:00',
    };
    await store.appendToStream(`reservation-r${i}`, [event('ReservationRequested', data)]);
  }
  for (let i = 0; i < 1_000; i++) {
    await store.appendToStream(`reservation-r${i}`, [event('ReservationChanged', { reservationId: `r${i}`, partySize: 3 })]);
  }
  await store.forgetKey(guestKeyRef(SECRET, 'guest7@example.com'));
  return store;
}

/** The documents one thread builds from the log: what the worker's must equal. */
async function oneThread(events: EncryptingEventStore): Promise<MemoryDocumentStore> {
  const alone = new MemoryDocumentStore();
  const one = new ProjectionEngine(events, alone, projections, { batchSize: 50 });
  await one.start();
  await one.stop();
  return alone;
}

/** The guests as readers see them (`_appliedAt` says which batch wrote a document). */
async function guestsOf(documents: MemoryDocumentStore) {
  return (await documents.collection('guests').find({}, { sort: { _id: 1 } })).map((d) => stripMeta(d));
}

async function everything(documents: MemoryDocumentStore) {
  return Object.fromEntries(
    await Promise.all(
      [guests.name, CHECKPOINTS].map(async (name) => [name, await documents.collection(name).find({}, { sort: { _id: 1 } })]),
    ),
  );
}

const without = (docs: Record<string, { updatedAt?: string }[]>) =>
  JSON.stringify(docs, (key, value: unknown) => (key === 'updatedAt' ? undefined : value));

describe('a long catch-up read by a worker thread', () => {
  it('builds the same documents and checkpoints as one thread, guests forgotten included, and goes on live', async () => {
    const events = await history(join(root, 'same.sqlite'));
    const alone = await oneThread(events);
    const shared = new MemoryDocumentStore();
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const two = new ProjectionEngine(events, shared, projections, { batchSize: 50, parallel: { minEvents: 0, awaitWorker: true }, logger });
    await two.start();
    expect(lines.some((line) => line.includes('a worker thread reads and opens the log'))).toBe(true);
    expect(without(await everything(shared))).toBe(without(await everything(alone)));
    expect(await shared.collection('guests').get('r8')).toMatchObject({
      name: 'Guest 8',
      email: 'guest8@example.com',
      size: 3,
      changes: 1,
    });
    expect(await shared.collection('guests').get('r7')).not.toMatchObject({ email: 'guest7@example.com' });
    // Live events after the catch-up reach the projections.
    const next = await events.appendToStream('reservation-r1500', [event('ReservationChanged', { reservationId: 'r1500', partySize: 6 })]);
    await two.waitFor(next.position);
    expect(await shared.collection('guests').get('r1500')).toMatchObject({ size: 6, changes: 1 });
    await two.stop();
    await events.close();
  }, 30_000);

  it("an operator's rebuild has the worker read and open the log, and switches to the same documents", async () => {
    const events = await history(join(root, 'rebuild.sqlite'));
    const alone = await oneThread(events);
    const documents = new MemoryDocumentStore();
    const engine = new ProjectionEngine(events, documents, projections, { batchSize: 50, parallel: { minEvents: 0, awaitWorker: true } });
    await engine.start();
    const reads = vi.spyOn(events, 'readAll');

    const rebuilt = await engine.rebuild();

    expect(rebuilt).toMatchObject({ projections: ['guests'], events: 3_000 });
    // Here, only what was left to read under the lock (one page of 50 would be 60 reads).
    expect(reads.mock.calls.length).toBeLessThanOrEqual(2);
    expect(await guestsOf(documents)).toEqual(await guestsOf(alone));
    await engine.stop();
    await events.close();
  }, 30_000);

  it('reads on itself when the worker cannot read the log', async () => {
    const file = join(root, 'failed.sqlite');
    const events = await history(file);
    const alone = await oneThread(events);
    // The worker is pointed at a file that is not there.
    const broken = Object.assign(Object.create(events) as EncryptingEventStore, {
      logFiles: () => ({ ...events.logFiles()!, events: join(root, 'no-such.sqlite'), keys: join(root, 'no-such.sqlite') }),
    });
    const documents = new MemoryDocumentStore();
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const engine = new ProjectionEngine(broken, documents, projections, { parallel: { minEvents: 0, awaitWorker: true }, logger });
    await engine.start();
    expect(await guestsOf(documents)).toEqual(await guestsOf(alone));
    await engine.stop();
    await events.close();
  }, 30_000);
});
