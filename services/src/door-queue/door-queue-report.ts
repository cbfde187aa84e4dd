import type { Report } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { minutesSummary, type ReportPart } from '../platform/runtime/report-part.js';
import { doorQueueProjection, type DoorQueueDoc } from './door-queue-projection.js';

const minutesBetween = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60_000));

/** The door queue of the range's dates (its date index): waits of the seated against their quotes, and who walked away. */
async function doorQueueFigures(documents: DocumentStore, from: string, to: string): Promise<Report['waitlists']['doorQueue']> {
  const parties = await documents
    .collection<DoorQueueDoc>(doorQueueProjection.name)
    .find({ date: { $gte: from, $lte: to } }, { sort: { date: 1 } });
  const seated = parties.filter((p) => p.status === 'seated' && p.seatedAt);
  const walkedAway = parties.filter((p) => p.status === 'gone').length;
  const waited = seated.map((p) => minutesBetween(p.addedAt, p.seatedAt!));
  const decided = seated.length + walkedAway;
  return {
    parties: parties.length,
    seated: seated.length,
    walkedAway,
    walkedAwayRate: decided ? walkedAway / decided : null,
    waited: minutesSummary(waited),
    quoted: minutesSummary(seated.map((p) => p.quotedMinutes)),
    overQuote: minutesSummary(seated.map((p, i) => waited[i]! - p.quotedMinutes)),
  };
}

/** The door queue's part in the reports (features.ts registers it). */
export const doorQueueReport: ReportPart = { doorQueue: doorQueueFigures };
