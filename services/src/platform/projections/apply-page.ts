import type { RecordedEvent } from '../event-store/event-store.js';
import type { DocumentStore } from '../document-store/document-store.js';
import { applyToDocs, docsOf, type PendingWrites, type Runner } from './projection-runner.js';

/**
 * Whether `applyPage` can take a page for these runners: every collection answers a read without
 * waiting (in memory, the embedded file), so nothing in a page has to be awaited.
 */
export function canApplyPages(documents: DocumentStore, runners: readonly Runner[]): boolean {
  return runners.every((runner) => documents.collection(runner.collection).peek !== undefined);
}

/**
 * A page of events into the pending writes, projection by projection rather than event by event: a
 * projection's documents stay in the processor's cache while it takes the whole page, where event by
 * event a dozen maps of 50,000 documents each took turns. Projections are independent, so only each
 * one's own order matters. For stores that can peek (canApplyPages).
 */
export function applyPage(
  documents: DocumentStore,
  runners: readonly Runner[],
  page: readonly RecordedEvent[],
  writes: PendingWrites,
): void {
  if (page.length === 0) return;
  // Each event's type as a small number, looked up once per event rather than once per event and projection.
  const types = new Map<string, number>();
  const typeOf = new Int32Array(page.length);
  const positions = new Float64Array(page.length);
  for (let i = 0; i < page.length; i++) {
    const event = page[i]!;
    let type = types.get(event.type);
    if (type === undefined) types.set(event.type, (type = types.size));
    typeOf[i] = type;
    positions[i] = Number(event.position);
  }
  const first = page[0]!.position;
  for (const runner of runners) {
    const handled = new Array<boolean>(types.size);
    let any = false;
    types.forEach((type, name) => {
      handled[type] = runner.types.has(name);
      if (handled[type]) any = true;
    });
    if (!any) continue;
    const docs = docsOf(writes, runner.collection);
    const stored = documents.collection(runner.collection);
    // Checked per event only where the projection's checkpoint lies inside this page.
    const behind = first > runner.checkpoint;
    for (let i = 0; i < page.length; i++) {
      if (!handled[typeOf[i]!]) continue;
      const event = page[i]!;
      if (!behind && event.position <= runner.checkpoint) continue;
      void applyToDocs(runner.projection, docs, stored, event, undefined, positions[i]);
    }
  }
}
