/**
 * Run by native-teardown.int.test.ts in a process of its own: the embedded stores opened, used and
 * closed as the gateway does (the log's checkpoint worker included), statements left for the garbage
 * collector on the main thread and in a worker that exits, then a normal exit. On a runtime whose
 * native addon aborts when such a statement is collected, this process dies with SIGABRT instead.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EventMetadata } from '@cafe/contracts';
import Database from 'better-sqlite3';
import { SqliteDocumentStore } from '../document-store/sqlite-document-store.js';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { EncryptingEventStore } from '../personal-data/encrypting-event-store.js';
import { SqliteGuestKeyStore } from '../personal-data/sqlite-guest-key-store.js';

const dir = mkdtempSync(join(tmpdir(), 'cafe-teardown-'));
const file = join(dir, 'events.sqlite');
const metadata: EventMetadata = {
  occurredAt: '2026-11-26T16:00:00.000Z',
  actor: { kind: 'visitor' },
  correlationId: 'c',
  causationId: 'c',
};

const events = new SqliteEventStore(file);
const store = new EncryptingEventStore(events, new SqliteGuestKeyStore(file, events), 'x'.repeat(32));
const documents = new SqliteDocumentStore(join(dir, 'read-models.sqlite'));
for (let i = 0; i < 50; i++) {
  await store.appendToStream(`reservation-${i}`, [
    {
      type: 'ReservationRequested',
      data: {
        reservationId: String(i),
        partySize: 2,
        date: '2026-12-01',
        time: '18:00',
        name: 'Ada',
        email: `g${i}@example.com`,
        phone: '1',
      },
      metadata,
    },
  ]);
}
await store.readAll();
await documents.collection('things').putMany([{ _id: 'a', n: 1 }]);
await documents.collection('things').find({ n: 1 });
// Statements nobody keeps, as a one-off query leaves them, for the collector to find.
const scratch = new Database(join(dir, 'scratch.sqlite'));
for (let i = 0; i < 2_000; i++) scratch.prepare('SELECT ? AS n').get(i);
await store.close();
await documents.close();

const driver = createRequire(import.meta.url).resolve('better-sqlite3');
await new Promise<void>((resolve, reject) => {
  const worker = new Worker(
    `const Database = require(${JSON.stringify(driver)}); const db = new Database(':memory:');
     for (let i = 0; i < 2000; i++) db.prepare('SELECT ? AS n').get(i);`,
    { eval: true },
  );
  worker.once('error', reject);
  worker.once('exit', () => resolve());
});
for (let i = 0; i < 2_000; i++) scratch.prepare('SELECT ? AS n').get(i);
(globalThis as { gc?: () => void }).gc?.();
await new Promise((resolve) => setTimeout(resolve, 300));
scratch.close();
rmSync(dir, { recursive: true, force: true });
console.log('teardown ok');
