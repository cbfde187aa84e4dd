import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { client, reservationBody } from '../../test/booking-test-kit.js';
import { parsePrometheus, sampleValue } from '../../test/prometheus-text.js';
import { features } from '../features.js';
import { loadConfig } from '../platform/config.js';
import { createRuntime, allProjections, type Runtime } from '../platform/runtime/runtime.js';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import { ProjectionEngine } from '../platform/projections/projection-engine.js';
import { buildApp } from '../platform/http/app.js';
import { buildMonitorApp } from '../platform/http/monitoring.js';

const TOKEN = 'a-scraper-token-of-some-length';
let t: TestApp | null = null;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await t?.close();
  t = null;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function scrape(app: FastifyInstance) {
  const res = await app.inject('/metrics');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(res.body);
}

const requests = (samples: ReturnType<typeof parsePrometheus>, route: string, status = '200', method = 'GET') =>
  sampleValue(samples, 'cafe_http_request_duration_seconds_count', { method, route, status_code: status }) ?? 0;

describe('/metrics', () => {
  it('reports every projection, per-route request counts, appends, mails and the process', async () => {
    t = await createTestApp();
    const before = await scrape(t.app);
    for (const name of t.runtime.engine!.projectionNames()) {
      expect(sampleValue(before, 'cafe_projection_lag', { projection: name }), name).toBe(0);
      expect(sampleValue(before, 'cafe_projection_checkpoint', { projection: name }), name).toBeDefined();
      expect(sampleValue(before, 'cafe_projection_head', { projection: name }), name).toBeDefined();
    }
    expect(sampleValue(before, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    expect((await t.app.inject('/api/business-info')).statusCode).toBe(200);
    const booked = await client(t).post('/api/reservations', reservationBody);
    expect(booked.statusCode).toBe(201);
    // A raw URL with an id in it is counted under its route pattern.
    expect((await t.app.inject('/api/uploads/not-an-image-xyz.webp')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.app.inject('/no/such/page/xyz')).statusCode).toBe(404);

    let after = await scrape(t.app);
    expect(requests(after, '/api/business-info') - requests(before, '/api/business-info')).toBe(1);
    expect(requests(after, '/api/reservations', '201', 'POST')).toBe(1);
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes('not-an-image') || v.includes('xyz')))).toBe(false);
    expect(sampleValue(after, 'cafe_event_store_append_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    const reservations = { projection: 'reservations' };
    const checkpoint = sampleValue(after, 'cafe_projection_checkpoint', reservations)!;
    expect(checkpoint).toBeGreaterThanOrEqual(1);
    expect(sampleValue(after, 'cafe_projection_head', reservations)! - checkpoint).toBe(
      sampleValue(after, 'cafe_projection_lag', reservations),
    );

    // The confirmation mail goes out after the answer: the counter shows it once the reactor has sent it.
    for (let i = 0; i < 100 && !sampleValue(after, 'cafe_mails_sent_total', { transport: 'outbox' }); i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await scrape(t.app);
    }
    expect(sampleValue(after, 'cafe_mails_sent_total', { transport: 'outbox' })).toBe(1);
    expect(sampleValue(after, 'cafe_mail_failures_total')).toBe(0);
    expect(sampleValue(after, 'cafe_mail_queue_length')).toBe(0);
  });

  it('answers 404 to callers that are not local, unless they bring METRICS_TOKEN', async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const remote = { remoteAddress: '203.0.113.7' };
    expect((await t.app.inject({ url: '/metrics', ...remote })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/metrics', ...remote, headers: { authorization: 'Bearer wrong-token-wrong-token' } })).statusCode,
    ).toBe(404);
    // Through a reverse proxy on the same host, a visitor's request arrives from loopback: still no.
    expect((await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '198.51.100.4' } })).statusCode).toBe(404);
    const withToken = await t.app.inject({ url: '/metrics', ...remote, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('cafe_projection_lag{projection="reservations"}');
  });
});

describe('/readyz', () => {
  /** A gateway on the real-server layout: the projections run elsewhere and it reads their checkpoints. */
  async function gatewayWithProjectorElsewhere(maxLag: number) {
    const dataDir = mkdtempSync(join(tmpdir(), 'cafe-readyz-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', READYZ_MAX_LAG: String(maxLag) });
    const eventStore = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    const documents = new MemoryDocumentStore();
    const stores = { eventStore, documents, close: async () => undefined };
    const logger = pino({ level: 'silent' });
    const runtime = await createRuntime({ config, logger, features, stores, runProjections: false, startFeatures: false });
    const app = await buildApp(runtime, { logRequests: false, serveWeb: false });
    const projector = new ProjectionEngine(eventStore, documents, allProjections(features));
    cleanups.push(async () => {
      await app.close();
      await runtime.close();
      await projector.stop();
      await documents.close();
      await eventStore.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const append = async (count: number) => {
      for (let i = 0; i < count; i++) {
        await eventStore.appendToStream(`blockedDate-2026-12-${String(10 + i)}`, [
          {
            type: 'DateBlocked',
            data: { blockedDateId: `b${String(10 + i)}`, date: `2026-12-${String(10 + i)}`, reason: 'Private event' },
            metadata: {
              occurredAt: new Date().toISOString(),
              actor: { kind: 'system', name: 'test' },
              correlationId: 'c',
              causationId: 'c',
            },
          },
        ]);
      }
    };
    return { app, runtime, projector, append };
  }

  it('answers 503 naming the projections that are behind, and 200 once they have caught up', async () => {
    const { app, projector, append } = await gatewayWithProjectorElsewhere(2);
    expect((await app.inject('/readyz')).statusCode).toBe(200);

    await append(3);
    const behind = await app.inject('/readyz');
    expect(behind.statusCode).toBe(503);
    const body = behind.json<{ status: string; message: string; maxLag: number; behind: { name: string; lag: number }[] }>();
    expect(body.status).toBe('behind');
    expect(body.maxLag).toBe(2);
    expect(body.behind.map((b) => b.name).sort()).toEqual(
      allProjections(features)
        .map((p) => p.name)
        .sort(),
    );
    expect(body.behind.every((b) => b.lag === 3)).toBe(true);
    expect(body.message).toMatch(/blocked_dates \(3\)/);

    await projector.start();
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().behind).toEqual([]);

    // Within the bound is ready: two events behind with READYZ_MAX_LAG=2; a third is too many.
    await projector.stop();
    await append(2);
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    await append(1);
    expect((await app.inject('/readyz')).statusCode).toBe(503);
  });

  it('answers 503 when the event store cannot be read', async () => {
    const { app, runtime } = await gatewayWithProjectorElsewhere(10);
    const failing = runtime as Runtime;
    failing.eventStore.headPosition = () => Promise.reject(new Error('disk I/O error'));
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', message: expect.stringMatching(/did not answer: disk I\/O error/) });
  });

  it('answers 503 while a dropped subscription is being resumed, saying so', async () => {
    t = await createTestApp();
    const monitor = await buildMonitorApp(t.runtime);
    cleanups.push(() => monitor.close());
    const engine = t.runtime.engine!;
    Object.defineProperty(engine, 'behindBecause', { value: 'connection reset by the server', configurable: true });
    const res = await monitor.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'resubscribing', message: expect.stringMatching(/connection reset by the server/) });
    expect((await monitor.inject('/healthz')).statusCode).toBe(200);
  });

  it('the projector answers its monitors on a port of its own', async () => {
    t = await createTestApp();
    const monitor = await buildMonitorApp(t.runtime);
    cleanups.push(() => monitor.close());
    expect((await monitor.inject('/healthz')).statusCode).toBe(200);
    expect((await monitor.inject('/readyz')).json()).toMatchObject({ status: 'ready', behind: [] });
    const metrics = await monitor.inject('/metrics');
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('cafe_projection_lag{projection="reservations"}');
    expect((await monitor.inject({ url: '/metrics', remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
  });
});
