import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerSuite, useMongoContainer } from '../../test/docker.js';
import { freshReadModels, readModelsOf } from '../../test/live-load.js';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { MongoDocumentStore } from '../platform/document-store/mongo-document-store.js';
import { CHECKPOINTS, ProjectionEngine } from '../platform/projections/projection-engine.js';
import { allProjections } from '../platform/runtime/runtime.js';
import { features } from '../features.js';
import { projectorAlive, requestControl } from './rebuild-control.js';
import { startRebuildWorker } from './rebuild-worker.js';

const suite = await dockerSuite('MongoDB live rebuild (projector worker)');

// The real-server flow on a real MongoDB: a request in the control collection, the projector's worker
// rebuilds beside the served collections while it keeps projecting, and records the outcome.
describe.skipIf(!suite.docker)(suite.title, () => {
  const url = useMongoContainer();
  const projections = allProjections(features.filter((f) => f.name !== 'notifications'));
  let dir: string;
  let events: SqliteEventStore;
  let documents: MongoDocumentStore;
  let engine: ProjectionEngine;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cafe-mongo-rebuild-'));
    events = new SqliteEventStore(join(dir, 'events.sqlite'));
    for (let i = 0; i < 50; i++) {
      await events.appendToStream(`blockedDate-2027-01-${String((i % 28) + 1).padStart(2, '0')}-${i}`, [
        {
          type: 'DateBlocked',
          data: { blockedDateId: `b${i}`, date: `2027-01-${String((i % 28) + 1).padStart(2, '0')}`, reason: 'Private event' },
          metadata: { occurredAt: new Date().toISOString(), actor: { kind: 'system', name: 'test' }, correlationId: 'c', causationId: 'c' },
        },
      ]);
    }
    documents = await MongoDocumentStore.connect(url(), `rebuild_${randomUUID().slice(0, 8)}`);
    engine = new ProjectionEngine(events, documents, projections);
    await engine.start();
    stop = await startRebuildWorker(engine, documents, { pollMs: 50, heartbeatMs: 200 });
  });
  afterAll(async () => {
    await stop?.();
    await engine?.stop();
    await documents?.close();
    await events?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs a requested rebuild, records it done, and the read models equal a fresh replay', async () => {
    expect(await projectorAlive(documents)).toBe(true);
    const control = requestControl(
      documents,
      projections.map((p) => p.name),
      () => new Date(),
      50,
    );
    const { run, finished } = await control.start(undefined);
    expect(run.status).toBe('requested');
    const ended = await finished();
    expect(ended).toMatchObject({ id: run.id, status: 'done', error: null });
    expect(await readModelsOf(documents, projections)).toEqual(await freshReadModels(events, projections));
    const checkpoint = await documents.collection(CHECKPOINTS).get('blocked_dates');
    expect(typeof checkpoint?.rebuiltAt).toBe('string');
    expect(await documents.listCollections()).not.toContain('blocked_dates__rebuild');
  });
});
