import { describe, expect, it } from 'vitest';
import { NO_WAITLISTS, reportTable, type Report } from '@cafe/contracts';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import { waitlistFigures } from './report-waitlists.js';

describe('reports: the waitlists’ figures', () => {
  it('given no slice that reports them, then zeros and nulls (the report still answers)', async () => {
    expect(await waitlistFigures([], new MemoryDocumentStore(), '2026-11-01', '2026-11-30')).toEqual(NO_WAITLISTS);
  });

  it('given the slices’ parts, then each figure from its own part, asked for the range', async () => {
    const asked: string[] = [];
    const offers = { made: 4, taken: 2, rate: 0.5 };
    const figures = await waitlistFigures(
      [{ waitlistOffers: async (_d, from, to) => (asked.push(`${from}..${to}`), offers) }],
      new MemoryDocumentStore(),
      '2026-11-01',
      '2026-11-30',
    );
    expect(figures).toEqual({ offers, doorQueue: NO_WAITLISTS.doorQueue });
    expect(asked).toEqual(['2026-11-01..2026-11-30']);
  });

  it('given the figures, then the waitlists chart’s CSV rows name each', () => {
    const report = { waitlists: { ...NO_WAITLISTS, offers: { made: 4, taken: 2, rate: 0.5 } } } as Report;
    const table = reportTable(report, 'waitlists');
    expect(table.header).toEqual(['figure', 'value']);
    expect(table.rows).toContainEqual(['offers_taken_percent', 50]);
    expect(table.rows).toContainEqual(['door_queue_wait_median_minutes', null]);
  });
});
