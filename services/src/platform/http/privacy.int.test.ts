import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, LIVE_UPDATES_PATH, todayIn } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { signInAdmin } from '../../../test/auth.js';
import { reservationBody } from '../../../test/booking-test-kit.js';
import { loadConfig } from '../config.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

// Made by the server, time-ordered (UUID version 7).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the correlation id of the audit trail', () => {
  it("is never the client's X-Request-Id: the server makes its own and answers it", async () => {
    t = await createTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { 'x-request-id': 'attacker-chosen-id' },
      payload: reservationBody,
    });
    expect(res.statusCode).toBe(201);
    const answered = String(res.headers['x-request-id']);
    expect(answered).toMatch(UUID);
    const events = (await t.runtime.eventStore.readAll()).filter((e) => e.streamId.startsWith('reservation-'));
    expect(events).toHaveLength(1);
    expect(events[0]!.metadata.correlationId).not.toBe('attacker-chosen-id');
    expect(events[0]!.metadata.correlationId).toBe(answered);
  });
});

describe('files holding personal data and session ids', () => {
  it('creates DATA_DIR owner-only (0700) and events, read models and sessions owner-only (0600)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cafe-perms-'));
    const dataDir = join(parent, 'data');
    try {
      t = await createTestApp({ dataDir });
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      for (const file of ['events.sqlite', 'read-models.sqlite', 'sessions.sqlite']) {
        expect(statSync(join(dataDir, file)).mode & 0o777, file).toBe(0o600);
      }
    } finally {
      await t?.close();
      t = null;
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('admin answers with personal data', () => {
  /** Reads that need a query string to answer at all. */
  const QUERY_OF: Record<string, (app: TestApp) => string> = {
    '/api/admin/blocked-ranges/impact': (app) => {
      const day = addDays(todayIn(app.runtime.config.zone, app.runtime.clock.now()), 1);
      return `?from=${day}&to=${day}`;
    },
    '/api/admin/covers': (app) => {
      const day = todayIn(app.runtime.config.zone, app.runtime.clock.now());
      return `?from=${day}&to=${addDays(day, 6)}`;
    },
    '/api/admin/arrivals': (app) => `?date=${todayIn(app.runtime.config.zone, app.runtime.clock.now())}`,
    '/api/admin/booking-search': () => '?q=ada',
    '/api/admin/guests/record': () => `?email=${encodeURIComponent(reservationBody.email)}`,
    '/api/admin/open-tables': () => `?date=${reservationBody.date}`,
    '/api/admin/reservation-games': () => `?date=${reservationBody.date}`,
    '/api/admin/day-sheet': () => `?date=${reservationBody.date}`,
    '/api/admin/floor/view': () => `?date=${reservationBody.date}`,
    '/api/admin/waitlist': () => `?date=${reservationBody.date}`,
  };

  it('carry Cache-Control: no-store on every /api/admin read and every staff booking read', async () => {
    t = await createTestApp();
    const admin = await signInAdmin(t);
    const created = await t.app.inject({ method: 'POST', url: '/api/reservations', payload: reservationBody });
    const id = created.json().id as string;
    const parameterless = t.app
      .routeTable()
      // The live event stream never ends, so inject cannot read it: live-updates.int.test.ts checks its no-store.
      .filter((r) => r.method === 'GET' && r.url.startsWith('/api/admin') && !r.url.includes(':') && r.url !== LIVE_UPDATES_PATH)
      .map((r) => r.url + (QUERY_OF[r.url]?.(t!) ?? ''));
    expect(parameterless.length).toBeGreaterThanOrEqual(3);
    const urls = [
      ...parameterless,
      '/api/reservations',
      `/api/admin/reservations/${id}`,
      `/api/admin/reservations/${id}/history`,
      '/api/party-bookings',
      '/api/auth/user',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBeLessThan(400);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A refusal of the same reads is not kept either.
    expect((await t.app.inject({ method: 'GET', url: '/api/reservations' })).headers['cache-control']).toBe('no-store');
  });
});

describe('ADMIN_EMAILS', () => {
  it('stops start-up with a message naming an entry that is not an e-mail address', () => {
    expect(() => loadConfig({ ADMIN_EMAILS: 'owner@example.com, not an email' })).toThrow(/ADMIN_EMAILS.*'not an email'/);
    expect(() => loadConfig({ ADMIN_EMAILS: 'owner@example.com,@example.com' })).toThrow(/'@example.com'/);
    expect(loadConfig({ ADMIN_EMAILS: ' Owner@Example.com , staff@example.com,' }).adminEmails).toEqual([
      'owner@example.com',
      'staff@example.com',
    ]);
  });
});
