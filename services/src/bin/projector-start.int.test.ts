import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../platform/config.js';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { event } from '../platform/event-store/event-store.contract.js';
import type { CollectionWrites, Doc } from '../platform/document-store/document-store.js';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import { defineProjection } from '../platform/projections/projection.js';
import type { Feature } from '../platform/runtime/runtime.js';
import { projectorAlive, systemFeature } from '../system/index.js';
import { startProjector } from './projector-start.js';

/** Issue 26 #7: the projector's heartbeat beats while it catches up, not only after. */
const counts = defineProjection<Doc & { n: number }>({
  name: 'counts',
  handles: ['Counted'],
  documentIds: (e) => [(e.data as { key: string }).key],
  evolve: (doc, _e, id) => ({ _id: id, n: (doc?.n ?? 0) + 1 }),
});

/** MongoDB far away: every write of the catch-up takes a while. */
class SlowStore extends MemoryDocumentStore {
  /** What `ops rebuild` would have found while each write of the catch-up was under way. */
  readonly aliveAtWrite: boolean[] = [];
  override async applyBatch(writes: CollectionWrites[]): Promise<void> {
    this.aliveAtWrite.push(await projectorAlive(this));
    await new Promise((r) => setTimeout(r, 60));
    return super.applyBatch(writes);
  }
}

const root = mkdtempSync(join(tmpdir(), 'projector-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the projector process, given a long catch-up', () => {
  it('when ops looks for a projector during the catch-up, then it finds one (and asks it rather than rebuilding by itself)', async () => {
    const events = new SqliteEventStore(join(root, 'events.sqlite'));
    for (let i = 0; i < 40; i++) await events.appendToStream(`count-${i}`, [event('Counted', { key: `k${i}` })]);
    const documents = new SlowStore();
    const features: Feature[] = [{ name: 'counts', projections: [counts] }, systemFeature];
    const config = loadConfig({ DATA_DIR: root, LOG_LEVEL: 'silent' });
    const starting = startProjector({
      config,
      logger: pino({ level: 'silent' }),
      features,
      stores: { eventStore: events, documents, close: async () => events.close() },
      heartbeatMs: 20,
    });
    const runtime = await starting;
    expect(documents.aliveAtWrite.length).toBeGreaterThan(0);
    expect(documents.aliveAtWrite[0]).toBe(true);
    await runtime.close();
  });
});
