import { randomUUID } from 'node:crypto';
import { addDays, PUBLIC_RESERVATION_SIZES, SEAT_CAPACITY_MAX, slotsFor } from '@cafe/contracts';
import { BUSINESS_INFO_STREAM } from '../src/cafe-day/business-info-policy.js';
import type { EventStore } from '../src/platform/event-store/event-store.js';
import type { Doc, DocumentStore } from '../src/platform/document-store/document-store.js';
import { MemoryDocumentStore } from '../src/platform/document-store/memory-document-store.js';
import { ProjectionEngine } from '../src/platform/projections/projection-engine.js';
import { stripMeta, type Projection } from '../src/platform/projections/projection.js';

/** Valid public reservations on real slots from `today` + 1 on, each a new guest; endless. */
export function* reservationBodies(today: string): Generator<Record<string, unknown>, never> {
  for (let n = 0; ; n++) {
    const date = addDays(today, 1 + (Math.floor(n / 12) % 300));
    const slots = slotsFor(date);
    yield {
      name: `Load Guest ${n}`,
      email: `guest${n}@example.com`,
      phone: `(608) 555-${String(n % 10000).padStart(4, '0')}`,
      partySize: PUBLIC_RESERVATION_SIZES[n % PUBLIC_RESERVATION_SIZES.length],
      date,
      time: slots[n % slots.length],
    };
  }
}

/**
 * Load runs book the same slots over and over: the largest seat capacity keeps them measuring accepted
 * bookings rather than "fully booked" refusals. Appended as staff would save it, after any seed.
 */
export async function roomyCafe(events: EventStore): Promise<void> {
  await events.appendToStream(BUSINESS_INFO_STREAM, [
    {
      type: 'BusinessInfoUpdated',
      data: { seatCapacity: SEAT_CAPACITY_MAX },
      metadata: {
        occurredAt: new Date().toISOString(),
        actor: { kind: 'system', name: 'bench' },
        correlationId: 'bench',
        causationId: 'bench',
      },
    },
  ]);
}

/** Every projection's documents, sorted by id: what the site answers from. */
export async function readModelsOf(documents: DocumentStore, projections: Projection[]): Promise<Record<string, Doc[]>> {
  const out: Record<string, Doc[]> = {};
  // As readers see them: `_appliedAt` says which batch wrote a document, and batches differ between a rebuild and live writes.
  for (const p of projections)
    out[p.name] = (await documents.collection(p.name).find({}, { sort: { _id: 1 } })).map((d) => stripMeta(d) as Doc);
  return out;
}

/** A fresh replay of the whole log, in memory, in a separate engine: the answers a rebuild must equal. */
export async function freshReadModels(events: EventStore, projections: Projection[]): Promise<Record<string, Doc[]>> {
  const documents = new MemoryDocumentStore();
  const engine = new ProjectionEngine(events, documents, projections);
  await engine.start();
  await engine.stop();
  const models = await readModelsOf(documents, projections);
  await documents.close();
  return models;
}

/**
 * A longer history, fast: `count` more reservations copied from the ones already requested (new ids,
 * same details), appended in groups so the store commits each group once.
 */
export async function growHistory(events: EventStore, count: number): Promise<void> {
  const models = (await events.readAll()).filter((e) => e.type === 'ReservationRequested');
  if (!models.length) throw new Error('growHistory: request a few reservations first');
  for (let done = 0; done < count;) {
    const group = Math.min(1000, count - done);
    await Promise.all(
      Array.from({ length: group }, (_, i) => {
        const model = models[(done + i) % models.length]!;
        const reservationId = randomUUID();
        return events.appendToStream(
          `reservation-${reservationId}`,
          [{ type: model.type, data: { ...(model.data as object), reservationId }, metadata: model.metadata }],
          { expectedRevision: 'no_stream' },
        );
      }),
    );
    done += group;
  }
}
