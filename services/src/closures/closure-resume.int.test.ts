import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@cafe/contracts';
import { DEFAULT_NOW, createTestApp, type TestApp } from '../../test/test-app.js';
import { client, reservationBody } from '../../test/booking-test-kit.js';
import { mailsTo, outboxMails } from '../../test/outbox.js';
import { FixedClock } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import { SqliteEventStore } from '../platform/event-store/sqlite-event-store.js';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import { createRuntime, type Runtime } from '../platform/runtime/runtime.js';
import type { Stores } from '../platform/runtime/ports.js';
import { features } from '../features.js';
import { notificationsOf } from '../notifications/index.js';
import { closureStream, record } from './closure-record.js';
import { runClosure } from './closure-process.js';
import { resumeClosures } from './closures-feature.js';

/**
 * Issue 51 M2. On the real servers the projector runs the projections and the mail reactor, and a gateway
 * only reads what it writes (no engine). A gateway that dies halfway through "close and cancel" must not
 * leave guests booked and unmailed until the projector happens to restart: the gateway that comes back
 * finishes it, and so does the sweep of a gateway that kept running. The projector is never restarted here.
 */
const CLOSED_SUBJECT = /is cancelled: we are closed$/;
const owner: Actor = { kind: 'admin', email: 'owner@example.com', userId: 'u1' };

let dir: string;
let stores: Stores;
let projector: Runtime;
const gateways: TestApp[] = [];

/** A gateway as on the real servers: no projections of its own, the shared stores the projector writes. */
const gateway = async () => {
  const t = await createTestApp({ dataDir: dir, runProjections: false, stores });
  gateways.push(t);
  return t;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cafe-closure-resume-'));
  stores = {
    eventStore: new SqliteEventStore(join(dir, 'events.sqlite')),
    documents: new MemoryDocumentStore(),
    close: async () => undefined,
  };
  // The projector: the read models, their checkpoints and the mail reactor (mails go to DATA_DIR/outbox).
  projector = await createRuntime({
    config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', SEED_DEMO: 'false', WEB_DIST: join(dir, 'no-web') }),
    clock: new FixedClock(new Date(DEFAULT_NOW)),
    logger: pino({ level: 'silent' }),
    features,
    stores,
    runProjections: true,
  });
});
afterAll(async () => {
  for (const t of gateways) await t.close();
  await projector.close();
  await stores.eventStore.close();
  rmSync(dir, { recursive: true, force: true });
});

const book = async (t: TestApp, email: string, date: string, time: string) => {
  const res = await client(t).post('/api/reservations', { ...reservationBody, name: `Guest ${email}`, email, date, time });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};

/**
 * "Close and cancel" run in `t` as the route runs it, and the process dying before its second
 * cancellation (the check it makes before each one is where a kill would land): started, days closed, one
 * booking cancelled, not completed.
 */
async function closeAndDieHalfway(t: TestApp, closureId: string, date: string, reason: string, booked: string[]) {
  const context = { actor: owner, correlationId: closureId, causationId: closureId };
  const data = { closureId, from: date, to: date, reason, bookings: 'cancel' as const, range: false };
  const state = await record(t.runtime, closureId, { type: 'ClosureStarted', data }, context);
  let checks = 0;
  const dying = {
    aborted: false,
    throwIfAborted: () => {
      if (++checks > 1) throw new Error('killed');
    },
  } as unknown as AbortSignal;
  await expect(runClosure(t.runtime, closureId, context, { signal: dying, state })).rejects.toThrow('killed');
  const types = await recordOf(closureId);
  expect(types).toEqual(['ClosureStarted', 'ClosureDaysClosed']);
  expect(await cancelledOf(booked)).toBe(1);
}

const recordOf = async (closureId: string) => (await stores.eventStore.readStream(closureStream(closureId))).map((e) => e.type);
/** How many of these reservations are cancelled, as their own streams say. */
const cancelledOf = async (ids: string[]) => {
  const streams = await Promise.all(ids.map((id) => stores.eventStore.readStream(`reservation-${id}`)));
  return streams.filter((events) => events.some((e) => e.type === 'ReservationCancelled')).length;
};
const completed = async (closureId: string) => {
  for (let i = 0; i < 400 && !(await recordOf(closureId)).includes('ClosureCompleted'); i++) await new Promise((r) => setTimeout(r, 25));
  return recordOf(closureId);
};
const closedMailsTo = async (email: string) =>
  mailsTo(await outboxMails(dir), email).filter((m) => CLOSED_SUBJECT.test(m.subject ?? '')).length;

describe('a closure interrupted in a gateway without projections (the real servers)', () => {
  it('is finished by the gateway that comes back, the projector still running: every guest cancelled and mailed once', async () => {
    const date = '2026-12-09';
    const first = await gateway();
    const emails = ['resume-a@example.com', 'resume-b@example.com', 'resume-c@example.com'];
    const booked: string[] = [];
    for (const [i, email] of emails.entries()) booked.push(await book(first, email, date, ['17:00', '18:00', '19:00'][i]!));
    const closureId = '0b6a2f4e-5d1c-4c8e-9a57-2f3d4e5a6b71';
    await closeAndDieHalfway(first, closureId, date, 'Burst pipe', booked);
    await first.close();
    // The projector has the closure listed open (it kept running, never restarted).
    await projector.readModels.waitFor(await stores.eventStore.headPosition());

    await gateway();
    expect(await completed(closureId)).toEqual(['ClosureStarted', 'ClosureDaysClosed', 'ClosureCompleted']);
    expect(await cancelledOf(booked)).toBe(3);
    await projector.readModels.waitFor(await stores.eventStore.headPosition());
    await notificationsOf(projector)!.idle();
    for (const email of emails) expect(await closedMailsTo(email), email).toBe(1);
  }, 30_000);

  it('is finished by the sweep of a gateway that kept running when the one it died in never comes back', async () => {
    const date = '2026-12-10';
    const running = await gateway();
    // The sweep as the feature runs it, every 50 ms instead of every minute; a closure younger than that is left alone.
    const stop = resumeClosures(running.runtime, { everyMs: 50 });
    try {
      const emails = ['sweep-a@example.com', 'sweep-b@example.com'];
      const booked: string[] = [];
      for (const [i, email] of emails.entries()) booked.push(await book(running, email, date, ['17:00', '18:00'][i]!));
      const dead = await gateway();
      const closureId = '7c2e9d14-3b8a-4f6e-8d21-6a5b4c3d2e1f';
      await closeAndDieHalfway(dead, closureId, date, 'Power cut', booked);
      await dead.close();
      await projector.readModels.waitFor(await stores.eventStore.headPosition());
      // A minute later by the running gateway's clock, its next sweep takes the closure up.
      running.clock.advance(60_000);
      expect(await completed(closureId)).toEqual(['ClosureStarted', 'ClosureDaysClosed', 'ClosureCompleted']);
      expect(await cancelledOf(booked)).toBe(2);
      await projector.readModels.waitFor(await stores.eventStore.headPosition());
      await notificationsOf(projector)!.idle();
      for (const email of emails) expect(await closedMailsTo(email), email).toBe(1);
    } finally {
      await stop();
    }
  }, 30_000);
});
