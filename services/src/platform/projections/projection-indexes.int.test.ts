import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { event } from '../event-store/event-store.contract.js';
import type { Doc } from '../document-store/document-store.js';
import { MemoryDocumentStore } from '../document-store/memory-document-store.js';
import { defineProjection, type ReadModelIndex } from './projection.js';
import { ProjectionEngine } from './projection-engine.js';

/**
 * A document store that keeps indexes per collection the way MongoDB does: a rename with dropTarget
 * drops the target's indexes and keeps the source's; a drop loses them. What the engine must cope with.
 */
class IndexedMemoryStore extends MemoryDocumentStore {
  readonly indexes = new Map<string, string[]>();
  readonly log: string[] = [];
  async ensureIndexes(collection: string, indexes: readonly ReadModelIndex[]): Promise<void> {
    const names = new Set(this.indexes.get(collection) ?? []);
    for (const index of indexes) names.add(index.name);
    this.indexes.set(collection, [...names]);
    this.log.push(`index ${collection}`);
  }
  override async renameCollection(source: string, target: string): Promise<void> {
    await super.renameCollection(source, target);
    this.indexes.set(target, this.indexes.get(source) ?? []);
    this.indexes.delete(source);
    this.log.push(`rename ${source} -> ${target}`);
  }
  override async dropCollection(name: string): Promise<void> {
    await super.dropCollection(name);
    this.indexes.delete(name);
  }
}

const byDay: ReadModelIndex = { name: 'day_then_id', key: { day: 1, _id: 1 } };
const bookings = defineProjection<Doc & { day: string }>({
  name: 'bookings',
  handles: ['Booked'],
  indexes: [byDay],
  documentIds: (e) => [(e.data as { id: string }).id],
  evolve: (_doc, e, id) => ({ _id: id, day: (e.data as { day: string }).day }),
});

const root = mkdtempSync(join(tmpdir(), 'projection-indexes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('read-model indexes declared on a projection', () => {
  it('are created at start, and on a rebuild’s new collection before it replaces the served one', async () => {
    const events = new SqliteEventStore(join(root, 'events.sqlite'));
    const documents = new IndexedMemoryStore();
    for (let i = 0; i < 5; i++) await events.appendToStream(`booking-${i}`, [event('Booked', { id: `b${i}`, day: `2026-12-0${i + 1}` })]);
    const engine = new ProjectionEngine(events, documents, [bookings]);
    await engine.start();
    expect(documents.indexes.get('bookings')).toEqual(['day_then_id']);

    await engine.rebuild(['bookings']);
    // Without the index on the new collection, the rename would leave the served collection without it.
    expect(documents.indexes.get('bookings')).toEqual(['day_then_id']);
    expect(documents.log.indexOf('index bookings__rebuild')).toBeGreaterThan(-1);
    expect(documents.log.indexOf('index bookings__rebuild')).toBeLessThan(documents.log.indexOf('rename bookings__rebuild -> bookings'));
    expect(await documents.collection('bookings').count()).toBe(5);
    await engine.stop();
    await events.close();
  });
});
