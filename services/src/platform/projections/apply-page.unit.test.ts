import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/event-store.js';
import type { Doc } from '../document-store/document-store.js';
import { MemoryDocumentStore } from '../document-store/memory-document-store.js';
import { defineProjection } from './projection.js';
import { applyToAll, runnerOf, type PendingWrites, type Runner } from './projection-runner.js';
import { applyPage, canApplyPages } from './apply-page.js';

/** A booking's guests, changed in place; a cancellation deletes it. */
const bookings = defineProjection<Doc & { guests: number; changes: number }>({
  name: 'bookings',
  handles: ['Booked', 'Changed', 'Cancelled'],
  documentIds: (e) => [(e.data as { id: string }).id],
  evolve: (doc, e, id) => {
    const data = e.data as { guests?: number };
    if (e.type === 'Booked') return { _id: id, guests: data.guests ?? 2, changes: 0 };
    if (e.type === 'Cancelled') return null;
    return doc && { ...doc, guests: data.guests ?? doc.guests, changes: doc.changes + 1 };
  },
});

/** Order matters here: the log of each day's events, as they came. */
const days = defineProjection<Doc & { log: string[] }>({
  name: 'days',
  handles: ['Booked', 'Blocked'],
  documentIds: (e) => [(e.data as { date: string }).date, 'all'],
  evolve: (doc, e, id) => ({ _id: id, log: [...(doc?.log ?? []), `${e.type} ${String(e.position)}`] }),
});

/** Handles nothing in the pages below. */
const parties = defineProjection<Doc>({
  name: 'parties',
  handles: ['PartyBooked'],
  documentIds: () => ['x'],
  evolve: (_doc, _e, id) => ({ _id: id }),
});

const types = ['Booked', 'Changed', 'Booked', 'Blocked', 'Changed', 'Cancelled', 'Booked'] as const;
const page: RecordedEvent[] = Array.from({ length: 60 }, (_, i) => {
  const type = types[i % types.length]!;
  const id = `b${Math.floor(i / 6)}`;
  return {
    id: `e${i}`,
    streamId: `booking-${id}`,
    revision: 0n,
    position: BigInt(i + 1),
    type,
    data: { id, date: `2026-12-0${1 + (i % 5)}`, guests: 2 + (i % 7) },
    metadata: {} as RecordedEvent['metadata'],
    recordedAt: '2026-12-01T15:00:00.000Z',
  };
});

const runnersAt = (checkpoints: Record<string, bigint>): Runner[] =>
  [bookings, days, parties].map((p) => ({ ...runnerOf(p), checkpoint: checkpoints[p.name] ?? 0n }));

const plain = (writes: PendingWrites) => Object.fromEntries([...writes].map(([name, docs]) => [name, Object.fromEntries(docs)]));

describe('applyPage: a page applied projection by projection', () => {
  it('given projections at different checkpoints, when a page is applied, then each holds what event-by-event application gives', () => {
    const documents = new MemoryDocumentStore();
    const checkpoints = { bookings: 0n, days: 25n };

    const eventByEvent: PendingWrites = new Map();
    const runners = runnersAt(checkpoints);
    for (const event of page) {
      void applyToAll(
        documents,
        runners.filter((r) => r.types.has(event.type)),
        event,
        eventByEvent,
      );
    }
    const byPage: PendingWrites = new Map();
    applyPage(documents, runnersAt(checkpoints), page, byPage);

    expect(canApplyPages(documents, runners)).toBe(true);
    expect(plain(byPage)).toEqual(plain(eventByEvent));
    // What a checkpoint already holds is not applied again; a projection that handles nothing here writes nothing.
    expect((byPage.get('days')!.get('all') as unknown as { log: string[] }).log[0]).toBe('Booked 28');
    expect(byPage.has('parties')).toBe(false);
    expect(byPage.get('bookings')!.get('b0')).toBeNull();
  });
});
