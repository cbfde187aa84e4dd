import { NO_WAITLISTS, type Report } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { doorQueueProjection, type DoorQueueDoc } from '../door-queue/index.js';

/**
 * The waitlists' figures of a range (issue 49), from the slices' own read models, bounded by their date
 * indexes: the door queue's parties (door_queue, through door-queue's index) and the evening waitlist's
 * offers. The waitlist's read model is read by its name, `waitlist` (one document per date, each entry with
 * its one offer), so reports needs no edge to that slice; missing or of another shape, it counts zero.
 */
export const WAITLIST_READ_MODEL = 'waitlist';

/** What reports reads of a `waitlist` date document: each entry's offer status, if any. */
interface WaitlistDayRow {
  _id: string;
  [key: string]: unknown;
  date?: string;
  entries?: { offer?: { status?: unknown } | null }[];
}

const minutesBetween = (from: string, to: string) => Math.max(0, Math.round((Date.parse(to) - Date.parse(from)) / 60_000));
const round1 = (n: number) => Math.round(n * 10) / 10;

function summary(values: number[]): { averageMinutes: number | null; medianMinutes: number | null } {
  if (values.length === 0) return { averageMinutes: null, medianMinutes: null };
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { averageMinutes: round1(values.reduce((s, v) => s + v, 0) / values.length), medianMinutes: round1(median) };
}

/** Offers made and taken on the range's dates: zero when the evening waitlist has no read model (yet). */
export async function waitlistOffers(documents: DocumentStore, from: string, to: string): Promise<Report['waitlists']['offers']> {
  const days = await documents
    .collection<WaitlistDayRow>(WAITLIST_READ_MODEL)
    .find({ date: { $gte: from, $lte: to } }, { sort: { date: 1 } });
  const offers = days.flatMap((d) => (Array.isArray(d.entries) ? d.entries : [])).flatMap((e) => (e?.offer ? [e.offer] : []));
  const taken = offers.filter((o) => o.status === 'taken').length;
  return { made: offers.length, taken, rate: offers.length ? taken / offers.length : null };
}

/** The door queue of the range's dates: waits of the seated against their quotes, and who walked away. */
export async function doorQueueFigures(documents: DocumentStore, from: string, to: string): Promise<Report['waitlists']['doorQueue']> {
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
    waited: summary(waited),
    quoted: summary(seated.map((p) => p.quotedMinutes)),
    overQuote: summary(seated.map((p, i) => waited[i]! - p.quotedMinutes)),
  };
}

export async function waitlistFigures(documents: DocumentStore, from: string, to: string): Promise<Report['waitlists']> {
  const [offers, doorQueue] = await Promise.all([waitlistOffers(documents, from, to), doorQueueFigures(documents, from, to)]);
  return { ...NO_WAITLISTS, offers, doorQueue };
}
