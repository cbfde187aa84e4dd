import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp | undefined;
afterAll(async () => {
  await t?.close();
});

describe('join requests are rate limited', () => {
  it('given RATE_LIMIT_MAX=1, when a second join request is posted in the minute, then 429 JSON (each one mails a host)', async () => {
    t = await createTestApp({ env: { RATE_LIMIT_MAX: '1' } });
    const post = () => t!.app.inject({ method: 'POST', url: `/api/open-tables/${'x'.repeat(22)}/join-requests`, payload: {} });
    expect((await post()).statusCode).toBe(400);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many requests/);
  });
});
