import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { event } from '../event-store/event-store.contract.js';
import type { CollectionWrites, Doc } from '../document-store/document-store.js';
import { MemoryDocumentStore } from '../document-store/memory-document-store.js';
import { defineProjection } from './projection.js';
import { ProjectionEngine } from './projection-engine.js';

/** MongoDB stepping down, a network blip: the next few batches are refused. */
class FlakyStore extends MemoryDocumentStore {
  refuse = 0;
  refused = 0;
  override async applyBatch(writes: CollectionWrites[]): Promise<void> {
    if (this.refuse > 0) {
      this.refuse--;
      this.refused++;
      throw new Error('connection reset by peer');
    }
    return super.applyBatch(writes);
  }
}

const counts = defineProjection<Doc & { n: number }>({
  name: 'counts',
  handles: ['Counted'],
  documentIds: (e) => [(e.data as { key: string }).key],
  evolve: (doc, _e, id) => ({ _id: id, n: (doc?.n ?? 0) + 1 }),
});

const root = mkdtempSync(join(tmpdir(), 'projection-failures-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the projection engine when the document store refuses a write', () => {
  it('keeps running, keeps the writes and retries them: no event is lost, the process never sees an unhandled rejection', async () => {
    const events = new SqliteEventStore(join(root, 'events.sqlite'));
    const documents = new FlakyStore();
    const engine = new ProjectionEngine(events, documents, [counts]);
    await engine.start();

    documents.refuse = 2;
    const first = await events.appendToStream('count-1', [event('Counted', { key: 'a' })]);
    const second = await events.appendToStream('count-2', [event('Counted', { key: 'a' }), event('Counted', { key: 'b' })]);
    await engine.waitFor(second.position, 8_000);
    expect(documents.refused).toBe(2);
    expect(first.position).toBeLessThan(second.position);
    expect(await documents.collection('counts').find({}, { sort: { _id: 1 } })).toMatchObject([
      { _id: 'a', n: 2 },
      { _id: 'b', n: 1 },
    ]);
    await engine.stop();
    await events.close();
  }, 15_000);
});
