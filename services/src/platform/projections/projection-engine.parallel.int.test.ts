import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import { event } from '../event-store/event-store.contract.js';
import { MemoryDocumentStore } from '../document-store/memory-document-store.js';
import { ProjectionEngine } from './projection-engine.js';
import { CHECKPOINTS } from './projection-runner.js';
import { fixtureProjections } from './parallel-catch-up.fixture.js';
import type { ParallelOptions } from './parallel-catch-up.js';

const root = mkdtempSync(join(tmpdir(), 'projection-parallel-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const source = (extra: Partial<ParallelOptions> = {}): ParallelOptions => ({
  module: new URL('./parallel-catch-up.fixture.ts', import.meta.url).href,
  exportName: 'fixtureProjections',
  minEvents: 0,
  awaitWorker: true,
  ...extra,
});

async function history(file: string): Promise<SqliteEventStore> {
  const events = new SqliteEventStore(file);
  for (let i = 0; i < 3_000; i++) {
    const key = `k${i % 97}`;
    await events.appendToStream(`tally-${i}`, [event(i % 13 === 0 ? 'Reset' : 'Counted', { key })]);
  }
  return events;
}

async function everything(documents: MemoryDocumentStore) {
  const names = [...fixtureProjections.map((p) => p.name), CHECKPOINTS];
  return Object.fromEntries(
    await Promise.all(names.map(async (name) => [name, await documents.collection(name).find({}, { sort: { _id: 1 } })])),
  );
}

describe('a long catch-up shared with a worker thread', () => {
  it('builds the same documents and checkpoints as one thread, and goes on live', async () => {
    const events = await history(join(root, 'same.sqlite'));
    const alone = new MemoryDocumentStore();
    const one = new ProjectionEngine(events, alone, fixtureProjections, { batchSize: 50 });
    await one.start();
    await one.stop();
    const shared = new MemoryDocumentStore();
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const two = new ProjectionEngine(events, shared, fixtureProjections, { batchSize: 50, parallel: source(), logger });
    await two.start();
    expect(lines.some((line) => line.includes('built by a worker thread'))).toBe(true);
    expect(lines.some((line) => line.includes('handed its documents over'))).toBe(true);
    const without = (docs: Record<string, { updatedAt?: string }[]>) =>
      JSON.stringify(docs, (key, value: unknown) => (key === 'updatedAt' ? undefined : value));
    expect(without(await everything(shared))).toBe(without(await everything(alone)));
    expect((await shared.collection('tallies').count()) > 0).toBe(true);
    // Live events after the catch-up reach every projection, those the worker built included.
    const next = await events.appendToStream('tally-next', [event('Counted', { key: 'k1' })]);
    await two.waitFor(next.position);
    const before = await alone.collection<{ _id: string; keys: number }>('totals').get('all');
    expect(await shared.collection('totals').get('all')).toMatchObject({ keys: before!.keys + 1 });
    await two.stop();
    await events.close();
  }, 30_000);

  it('catches up on this thread when the worker cannot load its projections', async () => {
    const events = await history(join(root, 'failed.sqlite'));
    const alone = new MemoryDocumentStore();
    const one = new ProjectionEngine(events, alone, fixtureProjections);
    await one.start();
    await one.stop();
    const documents = new MemoryDocumentStore();
    const engine = new ProjectionEngine(events, documents, fixtureProjections, {
      parallel: source({ module: new URL('./no-such-module.ts', import.meta.url).href }),
    });
    await engine.start();
    expect(await documents.collection('tallies').find({}, { sort: { _id: 1 } })).toEqual(
      await alone.collection('tallies').find({}, { sort: { _id: 1 } }),
    );
    await engine.stop();
    await events.close();
  }, 30_000);
});
