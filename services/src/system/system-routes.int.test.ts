import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { NO_PROJECTOR_RUNNING, REBUILD_IN_PROGRESS, type RebuildRun, type SystemEvents, type SystemProjections } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { reservationBody } from '../../test/booking-test-kit.js';
import { freshReadModels, readModelsOf } from '../../test/live-load.js';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import { ProjectionEngine } from '../platform/projections/projection-engine.js';
import { allProjections } from '../platform/runtime/runtime.js';
import { features } from '../features.js';
import { startRebuildWorker } from './rebuild-worker.js';
import { PROJECTOR_HEARTBEAT_ID, REBUILD_REQUESTS } from './rebuild-control.js';

const PROJECTIONS = '/api/admin/system/projections';
const REBUILD = '/api/admin/system/projections/rebuild';

describe('System section API (embedded: the gateway runs the rebuild)', () => {
  const { t, send } = useAdminApp({ features: features.filter((f) => f.name !== 'notifications') });
  const projections = async () => (await send('GET', PROJECTIONS)).json<SystemProjections>();

  beforeAll(async () => {
    for (const date of ['2026-11-21', '2026-11-22']) {
      expect((await send('POST', '/api/reservations', { ...reservationBody, date })).statusCode).toBe(201);
    }
  });

  it('is for signed-in staff only', async () => {
    expect((await t.app.inject({ method: 'GET', url: PROJECTIONS })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/system/events' })).statusCode).toBe(401);
    const origin = new URL(t.config.publicUrl).origin;
    expect((await t.app.inject({ method: 'POST', url: REBUILD, payload: {}, headers: { origin } })).statusCode).toBe(401);
  });

  it('lists every projection with its checkpoint, head, lag and documents, never rebuilt yet', async () => {
    const body = await projections();
    expect(body.store).toBe('embedded');
    const head = (await t.runtime.eventStore.headPosition()).toString();
    const reservations = body.projections.find((p) => p.name === 'reservations');
    expect(reservations).toEqual({
      name: 'reservations',
      checkpoint: head,
      head,
      lag: 0,
      documents: 2,
      rebuilding: false,
      lastRebuiltAt: null,
      lastRebuildMs: null,
    });
    expect(body.projections.map((p) => p.name)).toEqual(allProjections(t.runtime.features).map((p) => p.name));
    expect(body.lastRun).toBeNull();
  });

  it('starts a rebuild (202), refuses a second while it runs (409), and reports it done with its time', async () => {
    const documents = t.runtime.documents;
    const applyBatch = documents.applyBatch.bind(documents);
    // A slow disk for the rebuilt collections, so the second request surely lands while the first runs.
    documents.applyBatch = async (writes) => {
      if (writes.some((w) => w.collection.endsWith('__rebuild'))) await new Promise((r) => setTimeout(r, 300));
      return applyBatch(writes);
    };
    try {
      const started = await send('POST', REBUILD, { names: ['reservations', 'blocked_dates'] });
      expect(started.statusCode).toBe(202);
      expect(started.json<RebuildRun>()).toMatchObject({ projections: ['reservations', 'blocked_dates'], status: 'running' });
      const second = await send('POST', REBUILD, {});
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: REBUILD_IN_PROGRESS });
      expect((await projections()).projections.find((p) => p.name === 'reservations')?.rebuilding).toBe(true);
      // The served read model keeps answering meanwhile.
      expect((await send('GET', '/api/reservations')).statusCode).toBe(200);
      await expect.poll(async () => (await projections()).lastRun?.status, { timeout: 10_000 }).toBe('done');
    } finally {
      documents.applyBatch = applyBatch;
    }
    const body = await projections();
    const row = body.projections.find((p) => p.name === 'reservations')!;
    expect(row).toMatchObject({ rebuilding: false, lag: 0, documents: 2 });
    expect(row.lastRebuildMs).toBeGreaterThanOrEqual(300);
    expect(Date.parse(row.lastRebuiltAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.projections.find((p) => p.name === 'menu_items')?.lastRebuiltAt).toBeNull();
    expect(body.lastRun).toMatchObject({ status: 'done', projections: ['reservations', 'blocked_dates'] });
  });

  it('refuses an unknown projection name, naming it', async () => {
    const res = await send('POST', REBUILD, { names: ['reservation'] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Unknown projection(s): reservation');
  });

  it('shows the event log newest first, filtered by stream and by type', async () => {
    const all = (await send('GET', '/api/admin/system/events?limit=3')).json<SystemEvents>();
    expect(all.events).toHaveLength(3);
    const positions = all.events.map((e) => Number(e.position));
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    expect(all.events[0]!.position).toBe((await t.runtime.eventStore.headPosition()).toString());

    const requested = (await send('GET', '/api/admin/system/events?type=ReservationRequested')).json<SystemEvents>();
    expect(requested.events.map((e) => e.type)).toEqual(['ReservationRequested', 'ReservationRequested']);
    expect(requested.events[0]).toMatchObject({ actor: 'owner@example.com', revision: 0 });

    const stream = requested.events[1]!.stream;
    const one = (await send('GET', `/api/admin/system/events?stream=${encodeURIComponent(stream)}`)).json<SystemEvents>();
    expect(one.events.map((e) => e.stream)).toEqual([stream]);
    expect((await send('GET', '/api/admin/system/events?stream=nobody-here')).json<SystemEvents>().events).toEqual([]);
    expect((await send('GET', '/api/admin/system/events?limit=0')).statusCode).toBe(400);
  });
});

// STORE=eventstoredb: the gateway only reads; the projector process rebuilds. The embedded stores stand
// in for EventStoreDB and MongoDB here (shared by a "projector" engine and a gateway that runs none).
describe('System section API with a separate projector (real-server flow, embedded stand-ins)', () => {
  let dir: string;
  let gateway: TestApp;
  let engine: ProjectionEngine;
  let stopWorker: () => Promise<void>;
  let admin: Record<string, string>;
  const events = () => gateway.runtime.eventStore;
  const documents = new MemoryDocumentStore();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cafe-projector-'));
    const eventStore = new SqliteEventStore(join(dir, 'events.sqlite'));
    const only = features.filter((f) => f.name !== 'notifications');
    engine = new ProjectionEngine(eventStore, documents, allProjections(only), { logger: pino({ level: 'silent' }) });
    await engine.start();
    stopWorker = await startRebuildWorker(engine, documents, { pollMs: 20, heartbeatMs: 50 });
    gateway = await createTestApp({
      dataDir: dir,
      features: only,
      runProjections: false,
      stores: { eventStore, documents, close: async () => undefined },
    });
    admin = (await signInAdmin(gateway)).headers;
    const res = await gateway.app.inject({ method: 'POST', url: '/api/reservations', payload: reservationBody, headers: admin });
    expect(res.statusCode).toBe(201);
  });
  afterAll(async () => {
    await gateway.close();
    await stopWorker();
    await engine.stop();
    await events().close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the gateway records the request, the projector runs it and records the outcome; the System section shows it', async () => {
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      gateway.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
    const started = await inject('POST', REBUILD, {});
    expect(started.statusCode).toBe(202);
    expect(started.json<RebuildRun>().status).toBe('requested');
    expect((await documents.collection(REBUILD_REQUESTS).get(started.json<RebuildRun>().id))?.status).toMatch(/requested|running|done/);
    await expect
      .poll(async () => (await inject('GET', PROJECTIONS)).json<SystemProjections>().lastRun?.status, { timeout: 10_000 })
      .toBe('done');
    const body = (await inject('GET', PROJECTIONS)).json<SystemProjections>();
    expect(body.lastRun).toMatchObject({ id: started.json<RebuildRun>().id, status: 'done', error: null });
    expect(body.lastRun!.ms).toBeGreaterThanOrEqual(0);
    for (const row of body.projections) {
      expect(row).toMatchObject({ lag: 0, rebuilding: false });
      expect(row.lastRebuiltAt).not.toBeNull();
    }
    const projections = allProjections(gateway.runtime.features);
    expect(await readModelsOf(documents, projections)).toEqual(await freshReadModels(events(), projections));
  });

  it('a request left running by a projector that died is marked failed when the projector starts again', async () => {
    await documents.collection(REBUILD_REQUESTS).putMany([
      {
        _id: 'stuck',
        id: 'stuck',
        projections: ['reservations'],
        status: 'running',
        requestedAt: new Date().toISOString(),
        startedAt: new Date().toISOString(),
        finishedAt: null,
        ms: null,
        events: null,
        error: null,
      },
    ]);
    await stopWorker();
    stopWorker = await startRebuildWorker(engine, documents, { pollMs: 20, heartbeatMs: 50 });
    const stuck = await documents.collection(REBUILD_REQUESTS).get('stuck');
    expect(stuck).toMatchObject({ status: 'failed', error: expect.stringContaining('previous read models kept answering') });
    expect(
      (await gateway.app.inject({ method: 'POST', url: REBUILD, payload: { names: ['reservations'] }, headers: admin })).statusCode,
    ).toBe(202);
  });

  it('with no projector running (no recent heartbeat), a rebuild is refused at once with a clear message', async () => {
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      gateway.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
    await expect
      .poll(async () => (await inject('GET', PROJECTIONS)).json<SystemProjections>().lastRun?.status, { timeout: 10_000 })
      .toBe('done');
    await stopWorker();
    await documents
      .collection(REBUILD_REQUESTS)
      .putMany([{ _id: PROJECTOR_HEARTBEAT_ID, at: new Date(Date.now() - 60_000).toISOString() }]);
    const refused = await inject('POST', REBUILD, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: NO_PROJECTOR_RUNNING });
    stopWorker = await startRebuildWorker(engine, documents, { pollMs: 20, heartbeatMs: 50 });
    expect((await inject('POST', REBUILD, {})).statusCode).toBe(202);
  });
});
