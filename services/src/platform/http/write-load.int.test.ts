import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

describe('the gateway notes when it answers changes (background work gives way)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a change marks it busy for a moment; reads and page loads do not', async () => {
    // given a quiet gateway
    await new Promise((resolve) => setTimeout(resolve, 150));
    // when it answers reads, then a change (refused or not, it was asked)
    await t.app.inject({ method: 'GET', url: '/api/blocked-dates' });
    await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(t.runtime.writeLoad.busy).toBe(false);
    const res = await t.app.inject({ method: 'POST', url: '/api/reservations', payload: {} });
    expect(res.statusCode).toBe(400);
    // then it is busy, and quiet again shortly after
    expect(t.runtime.writeLoad.busy).toBe(true);
    await expect.poll(() => t.runtime.writeLoad.busy, { timeout: 1000 }).toBe(false);
  });
});
