import { describe, expect, it } from 'vitest';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import { waitlistProjection } from './waitlist-projection.js';
import { waitlistReport } from './waitlist-report.js';

const WAITLIST_READ_MODEL = waitlistProjection.name;
const waitlistFigures = async (documents: MemoryDocumentStore, from: string, to: string) => ({
  offers: await waitlistReport.waitlistOffers!(documents, from, to),
});

describe('the evening waitlist in the reports', () => {
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
});
