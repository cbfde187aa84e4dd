import { NO_WAITLISTS, type Report } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { ReportPart } from '../platform/runtime/report-part.js';

/**
 * The waitlists' figures of a range (issue 49), each from the part its slice registers (the evening
 * waitlist's offers, the door queue's waits): reports imports neither slice. Without a part, zeros.
 */
export async function waitlistFigures(
  parts: readonly ReportPart[],
  documents: DocumentStore,
  from: string,
  to: string,
): Promise<Report['waitlists']> {
  const offers = parts.find((p) => p.waitlistOffers)?.waitlistOffers;
  const doorQueue = parts.find((p) => p.doorQueue)?.doorQueue;
  const [offered, queued] = await Promise.all([offers?.(documents, from, to), doorQueue?.(documents, from, to)]);
  return { offers: offered ?? NO_WAITLISTS.offers, doorQueue: queued ?? NO_WAITLISTS.doorQueue };
}
