import type { Report } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { ReportPart } from '../platform/runtime/report-part.js';
import { waitlistProjection, type WaitlistDayDoc } from './waitlist-projection.js';

/** Offers made and taken on the range's dates (its date index; the settings document has no date in range). */
async function waitlistOffers(documents: DocumentStore, from: string, to: string): Promise<Report['waitlists']['offers']> {
  const days = await documents
    .collection<WaitlistDayDoc>(waitlistProjection.name)
    .find({ date: { $gte: from, $lte: to } }, { sort: { date: 1 } });
  const offers = days.flatMap((d) => d.entries ?? []).flatMap((e) => (e.offer ? [e.offer] : []));
  const taken = offers.filter((o) => o.status === 'taken').length;
  return { made: offers.length, taken, rate: offers.length ? taken / offers.length : null };
}

/** The evening waitlist's part in the reports (features.ts registers it). */
export const waitlistReport: ReportPart = { waitlistOffers };
