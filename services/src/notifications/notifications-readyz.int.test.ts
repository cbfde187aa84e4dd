import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { notificationsOf } from './notifications-feature.js';

/** Issue 26 #1 as /readyz answers it. */
let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe('/readyz, given the e-mail reactor is down', () => {
  it('when its subscription dropped, then 503 "resubscribing" says mails are not going out; 200 once it is back', async () => {
    t = await createTestApp();
    const reactor = notificationsOf(t.runtime)!;
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
    // The drop itself, and the resubscription, are notifications-reactor-resume.int.test.ts's.
    Object.defineProperty(reactor, 'behindBecause', { get: () => '14 UNAVAILABLE: Connection dropped', configurable: true });
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'resubscribing', message: expect.stringMatching(/e-mail reactor.*14 UNAVAILABLE/) });
    Object.defineProperty(reactor, 'behindBecause', { get: () => null, configurable: true });
    expect((await t.app.inject('/readyz')).statusCode).toBe(200);
  });
});
