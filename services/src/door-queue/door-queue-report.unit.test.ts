import { describe, expect, it } from 'vitest';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import type { DoorQueueDoc } from './door-queue-projection.js';
import { doorQueueReport } from './door-queue-report.js';

const waitlistFigures = async (documents: MemoryDocumentStore, from: string, to: string) => ({
  doorQueue: await doorQueueReport.doorQueue!(documents, from, to),
});

const party = (id: string, date: string, over: Partial<DoorQueueDoc>): DoorQueueDoc => ({
  _id: id,
  date,
  name: 'Guest',
  email: '',
  phone: '',
  note: '',
  partySize: 2,
  status: 'waiting',
  addedAt: `${date}T01:00:00.000Z`,
  quotedMinutes: 20,
  readyAt: null,
  readyUntil: null,
  tables: [],
  bookingId: null,
  seatedAt: null,
  goneAt: null,
  erased: false,
  messages: {},
  pending: false,
  ...over,
});

const seatedAfter = (minutes: number) => new Date(Date.parse('2026-11-18T01:00:00.000Z') + minutes * 60_000).toISOString();

describe('door queue in the reports', () => {
  it('given three seated parties, one gone, one waiting and one on another day, then waits against quotes (average, median), and who walked away', async () => {
    const documents = new MemoryDocumentStore();
    await documents.collection<DoorQueueDoc>('door_queue').putMany([
      party('a', '2026-11-18', { status: 'seated', seatedAt: seatedAfter(10), quotedMinutes: 15 }),
      party('b', '2026-11-18', { status: 'seated', seatedAt: seatedAfter(30), quotedMinutes: 20 }),
      party('c', '2026-11-18', {
        status: 'seated',
        seatedAt: seatedAfter(50),
        quotedMinutes: 40,
        erased: true,
        name: 'Personal data erased',
      }),
      party('d', '2026-11-18', { status: 'gone', goneAt: seatedAfter(25) }),
      party('e', '2026-11-18', { status: 'waiting' }),
      party('f', '2026-12-02', { status: 'gone' }),
    ]);
    const { doorQueue } = await waitlistFigures(documents, '2026-11-01', '2026-11-30');
    expect(doorQueue).toEqual({
      parties: 5,
      seated: 3,
      walkedAway: 1,
      walkedAwayRate: 0.25,
      waited: { averageMinutes: 30, medianMinutes: 30 },
      quoted: { averageMinutes: 25, medianMinutes: 20 },
      // -5, +10, +10
      overQuote: { averageMinutes: 5, medianMinutes: 10 },
    });
  });
});
