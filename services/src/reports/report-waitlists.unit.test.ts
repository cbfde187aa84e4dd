import { describe, expect, it } from 'vitest';
import { NO_WAITLISTS, reportTable, type Report } from '@cafe/contracts';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import type { DoorQueueDoc } from '../door-queue/index.js';
import { WAITLIST_READ_MODEL, waitlistFigures } from './report-waitlists.js';

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

describe('reports: the waitlists’ figures', () => {
  it('given no door queue and no evening waitlist read model, then zeros and nulls (the report still answers)', async () => {
    expect(await waitlistFigures(new MemoryDocumentStore(), '2026-11-01', '2026-11-30')).toEqual(NO_WAITLISTS);
  });

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

  it('given the evening waitlist’s dates with offers, then offers made and taken in the range', async () => {
    const documents = new MemoryDocumentStore();
    await documents.collection(WAITLIST_READ_MODEL).putMany([
      {
        _id: '2026-11-20',
        date: '2026-11-20',
        entries: [{ offer: { status: 'taken' } }, { offer: { status: 'expired' } }, { offer: null }],
      },
      { _id: '2026-11-21', date: '2026-11-21', entries: [{ offer: { status: 'taken' } }, { offer: { status: 'offered' } }] },
      { _id: '2026-12-05', date: '2026-12-05', entries: [{ offer: { status: 'taken' } }] },
      { _id: 'settings', date: '', offerHoldMinutes: 30 },
    ]);
    const { offers } = await waitlistFigures(documents, '2026-11-01', '2026-11-30');
    expect(offers).toEqual({ made: 4, taken: 2, rate: 0.5 });
  });

  it('given the figures, then the waitlists chart’s CSV rows name each', () => {
    const report = { waitlists: { ...NO_WAITLISTS, offers: { made: 4, taken: 2, rate: 0.5 } } } as Report;
    const table = reportTable(report, 'waitlists');
    expect(table.header).toEqual(['figure', 'value']);
    expect(table.rows).toContainEqual(['offers_taken_percent', 50]);
    expect(table.rows).toContainEqual(['door_queue_wait_median_minutes', null]);
  });
});
