import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.js';
import { FixedClock } from '../src/platform/clock.js';
import { createRuntime, type Runtime } from '../src/platform/runtime/runtime.js';
import { buildApp } from '../src/platform/http/app.js';
import { features } from '../src/features.js';
import { reservationBody } from './booking-test-kit.js';
import { DEFAULT_NOW, createTestApp } from './test-app.js';
import type { FastifyInstance } from 'fastify';

/**
 * The gateway as it runs beside the real servers, where another process (the projector) builds the
 * read models and the gateway waits, bounded, for its checkpoints. Here no projector runs at all, as
 * when it is down or its subscription dropped.
 */
describe('a command whose events are stored while the projector is behind', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cafe-behind-'));
  let runtime: Runtime;
  let app: FastifyInstance;
  beforeAll(async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '0',
      SEED_DEMO: 'false',
      WEB_DIST: join(dataDir, 'none'),
    });
    runtime = await createRuntime({
      config,
      clock: new FixedClock(new Date(DEFAULT_NOW)),
      logger: pino({ level: 'silent' }),
      features,
      runProjections: false,
    });
    app = await buildApp(runtime, { logRequests: false, serveWeb: false });
  });
  afterAll(async () => {
    await app.close();
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 201 with its id and x-read-models-behind: true, never a 500, and the booking is stored once', async () => {
    const started = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { origin: new URL(runtime.config.publicUrl).origin },
      payload: reservationBody,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['x-read-models-behind']).toBe('true');
    const { id } = res.json() as { id: string };
    expect(id).toMatch(/.+/);
    // It did wait for the read models first (bounded), then gave up waiting, not the write.
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
    const stored = await runtime.eventStore.readStream(`reservation-${id}`);
    expect(stored.map((e) => e.type)).toEqual(['ReservationRequested']);
  }, 15_000);
});

describe('a command whose read models caught up in time', () => {
  it('answers 201 without x-read-models-behind', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/reservations',
        headers: { origin: new URL(t.config.publicUrl).origin },
        payload: reservationBody,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['x-read-models-behind']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
