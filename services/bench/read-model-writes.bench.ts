/**
 * `npm run bench:writes [-- N]`: what storing a new booking's read-model documents in the embedded
 * file costs as a year of bookings accumulates (default N = 150,000: some 400 bookings a day).
 *
 * Each booking is a ReservationRequested evolved by every projection the embedded store keeps on disk
 * (the documents that grow with the café's history), stored as the write-behind stores them: batches of
 * 200 bookings' documents, one transaction each, in a fresh SqliteDocumentStore. Two files side by
 * side, chunk by chunk in turn: booking ids as random UUIDs (version 4, what the product used) and as
 * time-ordered ones (version 7, what it uses now). Printed: µs per booking at each tenth of the year.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { addDays, slotsFor, todayIn, type EventMetadata } from '@cafe/contracts';
import type { RecordedEvent } from '../src/platform/event-store/event-store.js';
import type { CollectionWrites, Doc } from '../src/platform/document-store/document-store.js';
import { SqliteDocumentStore } from '../src/platform/document-store/sqlite-document-store.js';
import { APPLIED_AT } from '../src/platform/projections/projection.js';
import { allProjections, onDiskCollections } from '../src/platform/runtime/runtime.js';
import { features } from '../src/features.js';
import { reservationStream } from '../src/reservations/reservation-decider.js';

const BATCH = 200;
const total = Number(process.argv[2] ?? process.env.BENCH_BOOKINGS ?? 150_000);
const projections = allProjections(features);
const onDisk = onDiskCollections(projections);
const touched = projections.filter((p) => p.onDisk && p.handles.includes('ReservationRequested'));

/** A year of bookings from today on, consecutive slots of one day after another, as a busy café fills them. */
type Slot = { date: string; time: string; n: number };

function* bookings(): Generator<Slot, never> {
  const today = todayIn();
  for (let n = 0, day = 0; ; day++) {
    const date = addDays(today, day % 365);
    for (const time of slotsFor(date)) for (let table = 0; table < 3; table++) yield { date, time, n: n++ };
  }
}

function writesOf(ids: string[], details: Slot[], position: number): CollectionWrites[] {
  const puts = new Map<string, Doc[]>(touched.map((p) => [p.name, []]));
  ids.forEach((id, i) => {
    const { date, time, n } = details[i]!;
    const metadata: EventMetadata = {
      occurredAt: new Date().toISOString(),
      actor: { kind: 'visitor' },
      correlationId: randomUUID(),
      causationId: randomUUID(),
    };
    const event: RecordedEvent = {
      id: randomUUID(),
      streamId: reservationStream(id),
      revision: 0n,
      position: BigInt(position + i + 1),
      type: 'ReservationRequested',
      data: {
        reservationId: id,
        source: 'public',
        name: `Guest ${n}`,
        email: `guest${n}@example.com`,
        phone: `(608) 555-${String(n % 10_000).padStart(4, '0')}`,
        partySize: 2 + (n % 5),
        date,
        time,
      },
      metadata,
      recordedAt: metadata.occurredAt,
    };
    for (const p of touched) {
      for (const docId of p.documentIds(event)) {
        const doc = p.evolve(null, event, docId);
        if (doc) puts.get(p.name)!.push({ ...doc, _id: docId, [APPLIED_AT]: position + i + 1 });
      }
    }
  });
  return [...puts].map(([collection, docs]) => ({ collection, puts: docs, deletes: [] }));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cafe-bench-writes-'));
  const sides = [
    { name: 'random ids (v4)', newId: () => randomUUID(), store: new SqliteDocumentStore(join(dir, 'v4.sqlite'), { onDisk }), ms: 0 },
    { name: 'time-ordered ids (v7)', newId: () => uuidv7(), store: new SqliteDocumentStore(join(dir, 'v7.sqlite'), { onDisk }), ms: 0 },
  ];
  console.log(
    `bench:writes — ${total.toLocaleString('en-US')} bookings into the embedded read-model file, ` +
      `${touched.length} on-disk read models each (${touched.map((p) => p.name).join(', ')}), ${BATCH} bookings a transaction`,
  );
  const source = bookings();
  const step = Math.ceil(total / 10 / BATCH) * BATCH;
  let window = sides.map(() => 0);
  let inWindow = 0;
  try {
    for (let done = 0; done < total; done += BATCH) {
      const details = Array.from({ length: Math.min(BATCH, total - done) }, () => source.next().value);
      for (const [s, side] of sides.entries()) {
        const writes = writesOf(
          details.map(() => side.newId()),
          details,
          done,
        );
        const t0 = performance.now();
        await side.store.applyBatch(writes);
        side.store.writeBehindNow();
        const ms = performance.now() - t0;
        side.ms += ms;
        window[s]! += ms;
      }
      const reached = done + details.length;
      inWindow += details.length;
      if (reached % step === 0 || reached === total) {
        const perBooking = window.map((ms) => ((ms / inWindow) * 1000).toFixed(0));
        inWindow = 0;
        console.log(
          `  ${reached.toLocaleString('en-US').padStart(9)} bookings: ` +
            sides.map((side, s) => `${side.name} ${perBooking[s]} µs`).join(', ') +
            ' a booking',
        );
        window = sides.map(() => 0);
      }
    }
    console.log(`whole year: ` + sides.map((side) => `${side.name} ${((side.ms / total) * 1000).toFixed(0)} µs a booking`).join(', '));
  } finally {
    for (const side of sides) await side.store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
