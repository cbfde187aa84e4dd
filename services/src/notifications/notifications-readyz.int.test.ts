import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { reservationBody } from '../../test/booking-test-kit.js';
import { notificationsOf } from './notifications-feature.js';
import { REACTOR_CHECKPOINTS } from './notifications-reactor.js';

/** Issue 26 #1 as /readyz answers it, and the reactor's checkpoint in the embedded gateway. */
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

describe('the e-mail reactor in the embedded gateway, given a restart', () => {
  it('when it restarts, then its checkpoint was kept in the read-model file and it resumes from there', async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'POST', url: '/api/reservations', payload: reservationBody });
    expect(res.statusCode).toBe(201);
    await notificationsOf(t.runtime)!.idle();
    t = await t.restart();
    const stored = await t.runtime.documents.collection(REACTOR_CHECKPOINTS).get('notifications');
    expect(BigInt(String(stored?.position))).toBeGreaterThan(0n);
  });
});
