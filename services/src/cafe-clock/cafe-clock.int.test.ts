import { afterEach, describe, expect, it } from 'vitest';
import { cafeClockSchema } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('GET /api/cafe-clock', () => {
  // 2026-11-18 16:00Z: Wednesday 10:00 in Chicago, already Thursday 06:00 in Kiritimati (UTC+14).
  it('answers the zone the server was started with, and today in it', async () => {
    t = await createTestApp({ env: { BUSINESS_TIME_ZONE: 'Pacific/Kiritimati' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/cafe-clock' });
    expect(res.statusCode).toBe(200);
    expect(cafeClockSchema.parse(res.json())).toEqual({ timeZone: 'Pacific/Kiritimati', today: '2026-11-19' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=300');

    const chicago = await createTestApp({ env: { BUSINESS_TIME_ZONE: 'America/Chicago' } });
    try {
      expect((await chicago.app.inject({ method: 'GET', url: '/api/cafe-clock' })).json()).toEqual({
        timeZone: 'America/Chicago',
        today: '2026-11-18',
      });
    } finally {
      await chicago.close();
    }
  });

  it('is never cached past midnight in the café', async () => {
    // 23:58:20 in Chicago: 100 s to midnight.
    t = await createTestApp({ now: '2026-11-19T05:58:20.000Z', env: { BUSINESS_TIME_ZONE: 'America/Chicago' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/cafe-clock' });
    expect(res.json()).toMatchObject({ today: '2026-11-18' });
    expect(res.headers['cache-control']).toBe('public, max-age=100');
  });
});
