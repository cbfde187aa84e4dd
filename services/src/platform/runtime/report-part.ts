import type { Report } from '@cafe/contracts';
import type { DocumentStore } from '../document-store/document-store.js';

/**
 * A slice's figures in the reports, read from its own read model over a range of café dates: reports asks
 * every feature's part, so it needs no edge to the slices that own the figures (and no read by a name).
 */
export interface ReportPart {
  /** The evening waitlist's offers made and taken (waitlist). */
  waitlistOffers?: (documents: DocumentStore, from: string, to: string) => Promise<Report['waitlists']['offers']>;
  /** The door queue's waits against quotes and who walked away (door-queue). */
  doorQueue?: (documents: DocumentStore, from: string, to: string) => Promise<Report['waitlists']['doorQueue']>;
}

/** Average and median of whole minutes, to one decimal; nulls without any. */
export function minutesSummary(values: number[]): { averageMinutes: number | null; medianMinutes: number | null } {
  if (values.length === 0) return { averageMinutes: null, medianMinutes: null };
  const round1 = (n: number) => Math.round(n * 10) / 10;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { averageMinutes: round1(values.reduce((s, v) => s + v, 0) / values.length), medianMinutes: round1(median) };
}
