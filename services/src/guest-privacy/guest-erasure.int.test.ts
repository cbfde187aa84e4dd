import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSONAL_DATA_ERASED, type BookingHistory, type ForgetResult } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';
import type { EncryptingEventStore } from '../platform/personal-data/encrypting-event-store.js';
import { notificationsOf } from '../notifications/index.js';
import { features } from '../features.js';
import { forgetCommand } from './forget-ops.js';

const run = promisify(execFile);
const services = join(import.meta.dirname, '..', '..');

/** The guest who asks to be forgotten: every value below must vanish from every answer and dump. */
const jane = {
  name: 'Jane Erasable',
  email: 'jane.erasable@example.com',
  phone: '(262) 555-0199',
  specialRequests: 'Peanut allergy, Jane',
};
const janesNewPhone = '(262) 555-0163';
const secrets = [jane.name, jane.email, jane.phone, janesNewPhone, jane.specialRequests, 'Jane', '555-0199', '555-0163'];
/** Another guest, who stays. */
const other = { name: 'Otto Other', email: 'otto.other@example.com', phone: '(262) 555-0177' };

let t: TestApp;
let admin: Client;
let visitor: Client;
const ids: { reservation: string; cancelled: string; legacy: string; party: string; otto: string } = {
  reservation: '',
  cancelled: '',
  legacy: '',
  party: '',
  otto: '',
};

const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as Record<string, unknown> & { id: string };
};

/** Every GET the dashboard and the public site make, with the bookings' own ones. */
const getUrls = () => [
  '/api/reservations',
  '/api/party-bookings',
  '/api/admin/bookings?view=list',
  '/api/admin/bookings/month?date=2026-11-21',
  '/api/admin/bookings/week?date=2026-11-28',
  '/api/admin/bookings/today',
  `/api/admin/reservations/${ids.reservation}`,
  `/api/admin/reservations/${ids.legacy}`,
  `/api/admin/party-bookings/${ids.party}`,
  `/api/admin/reservations/${ids.reservation}/history`,
  `/api/admin/reservations/${ids.cancelled}/history`,
  `/api/admin/reservations/${ids.legacy}/history`,
  `/api/admin/party-bookings/${ids.party}/history`,
  '/api/admin/system/events?limit=500',
  '/api/admin/system/projections',
  '/api/admin/whitelist',
  '/api/blocked-dates',
  '/api/business-info',
  '/api/events',
  '/api/gallery',
  '/api/menu/items',
];

function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  return secrets.filter((s) => lower.includes(s.toLowerCase()));
}

async function answers(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const url of getUrls()) {
    const res = await admin.get(url);
    out[url] = `${res.statusCode} ${res.body}`;
  }
  return out;
}

async function readModelDump(): Promise<string> {
  const parts: string[] = [];
  for (const name of t.runtime.engine!.projectionNames()) parts.push(JSON.stringify(await t.runtime.documents.collection(name).find({})));
  return parts.join('\n');
}

/** events.sqlite and its log as bytes on disk, after copying the log into the file. */
function rawEventFile(): string {
  const file = join(t.dataDir, 'events.sqlite');
  const db = new Database(file);
  // The store's own checkpointer may hold the log for a moment (a PASSIVE checkpoint in its worker): a
  // TRUNCATE then answers busy and leaves old frames behind, so it is tried again, as the erasure itself does.
  for (let attempt = 0; attempt < 100; attempt++) {
    const [row] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (!row || row.busy === 0) break;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  db.close();
  const wal = `${file}-wal`;
  return readFileSync(file).toString('latin1') + (existsSync(wal) ? readFileSync(wal).toString('latin1') : '');
}

async function opsEventsJson(): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'src/bin/ops.ts', 'events', '--json'], {
    cwd: services,
    env: { ...process.env, DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

async function counts() {
  const reservations = (await ok(admin.get('/api/reservations'))) as unknown as { date: string; time: string; partySize: number }[];
  const parties = (await ok(admin.get('/api/party-bookings'))) as unknown as { date: string; time: string; partySize: number }[];
  const shape = (rows: { date: string; time: string; partySize: number }[]) =>
    rows.map((r) => `${r.date} ${r.time} ×${r.partySize}`).sort();
  const calendar = await t.runtime.documents.collection('bookings_calendar').count();
  const histories = await t.runtime.documents.collection('booking_history').count();
  return { reservations: shape(reservations), parties: shape(parties), calendar, histories };
}

async function expectNothingOfJane() {
  for (const [url, body] of Object.entries(await answers())) expect(leaks(body), url).toEqual([]);
  expect(leaks(await readModelDump()), 'read models').toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await signInAdmin(t, 'owner@example.com'));
  visitor = client(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('erasure on request (crypto-shredding)', () => {
  let before: Awaited<ReturnType<typeof counts>>;

  it('stores the guests’ personal fields sealed: the event file holds neither guest’s e-mail nor phone', async () => {
    ids.reservation = (await ok(visitor.post('/api/reservations', { ...reservationBody, ...jane }), 201)).id;
    ids.cancelled = (await ok(admin.post('/api/admin/reservations', { ...reservationBody, ...jane, time: '12:00' }), 201)).id;
    // An edit without the e-mail is sealed with the stream's guest's key.
    await ok(admin.patch(`/api/reservations/${ids.cancelled}`, { phone: janesNewPhone }));
    await ok(admin.delete(`/api/reservations/${ids.cancelled}`));
    ids.party = (await ok(visitor.post('/api/party-bookings', { ...partyBody, ...jane }), 201)).id;
    await ok(admin.patch(`/api/party-bookings/${ids.party}/approve`, { status: 'approved', adminNotes: 'Cake at 7' }));
    ids.otto = (await ok(visitor.post('/api/reservations', { ...reservationBody, ...other, time: '13:00' }), 201)).id;

    // Read back in clear through the API...
    expect(await ok(admin.get(`/api/admin/reservations/${ids.reservation}`))).toMatchObject(jane);
    // ...but not on disk (the confirmation mails are claimed in the log too: wait for them first).
    await waitFor(() => outboxFiles().length >= 3);
    const raw = rawEventFile();
    for (const value of [jane.email, jane.phone, janesNewPhone, other.email, other.phone, jane.name]) expect(raw).not.toContain(value);
  });

  it('forgets a guest by e-mail (any case): bookings stay, counted as before; the other guest is intact', async () => {
    // A booking stored before encryption existed: plain text in the log.
    const inner = (t.runtime.eventStore as EncryptingEventStore).inner;
    ids.legacy = 'legacy-1';
    await inner.appendToStream('reservation-legacy-1', [
      {
        type: 'ReservationRequested',
        data: { reservationId: ids.legacy, source: 'public', ...reservationBody, ...jane, time: '14:00' },
        metadata: { occurredAt: t.clock.now().toISOString(), actor: { kind: 'visitor' }, correlationId: 'c', causationId: 'c' },
      },
    ]);
    await t.runtime.readModels.waitFor(await t.runtime.eventStore.headPosition());
    expect(rawEventFile()).toContain(jane.email);
    // Every mail has landed (one claimed after the erasure would be a new key's business).
    await notificationsOf(t.runtime)!.idle();
    before = await counts();

    const result = (await ok(
      admin.post('/api/admin/privacy/forget', { email: '  JANE.Erasable@example.com ' }),
    )) as unknown as ForgetResult;
    expect(result).toMatchObject({ reservations: 3, partyBookings: 1, keyDeleted: true, legacyEventsRewritten: 1, legacyEventsLeft: 0 });
    expect(result.outboxFilesRemoved).toBeGreaterThanOrEqual(2);

    expect(await counts()).toEqual(before);
    expect(await ok(admin.get(`/api/admin/reservations/${ids.otto}`))).toMatchObject(other);
    expect(await ok(admin.get(`/api/admin/reservations/${ids.reservation}`))).toMatchObject({
      name: PERSONAL_DATA_ERASED,
      email: '',
      phone: '',
      specialRequests: null,
      partySize: reservationBody.partySize,
      date: reservationBody.date,
    });
    // A second request erases nothing twice.
    expect(await ok(admin.post('/api/admin/privacy/forget', { email: jane.email }))).toMatchObject({
      reservations: 0,
      partyBookings: 0,
      keyDeleted: false,
    });
  });

  it('leaves nothing of the guest in any API answer, read model, outbox mail, ops events --json or the raw event file', async () => {
    await expectNothingOfJane();
    for (const file of outboxFiles()) expect(leaks(readFileSync(file, 'utf8')), file).toEqual([]);
    expect(leaks(rawEventFile()), 'events.sqlite bytes').toEqual([]);
    const dump = await opsEventsJson();
    expect(dump).toContain('ReservationPersonalDataErased');
    expect(dump).toContain(other.email);
    expect(leaks(dump), 'ops events --json').toEqual([]);
  }, 120_000);

  it('shows "Personal data erased" in each booking’s history, with who and when; earlier entries keep no values', async () => {
    for (const url of [`/api/admin/reservations/${ids.cancelled}/history`, `/api/admin/party-bookings/${ids.party}/history`]) {
      const history = (await ok(admin.get(url))) as unknown as BookingHistory;
      const last = history.events.at(-1)!;
      expect(last).toMatchObject({ what: PERSONAL_DATA_ERASED, by: 'owner@example.com', actorKind: 'admin', changes: [] });
      expect(last.when).toMatch(/Wednesday, November 18, 2026/);
      expect(history.events.map((e) => e.what)).toContain(url.includes('party') ? 'Party booking approved' : 'Reservation cancelled');
    }
  });

  it('stays erased after a restart and after a full rebuild of every read model', async () => {
    t = await t.restart();
    admin = client(t, await signInAdmin(t, 'owner@example.com'));
    visitor = client(t);
    await expectNothingOfJane();
    expect(await counts()).toEqual(before);
    await t.runtime.engine!.rebuild();
    await expectNothingOfJane();
    expect(await counts()).toEqual(before);
    expect(await ok(admin.get(`/api/admin/reservations/${ids.otto}`))).toMatchObject(other);
  }, 120_000);

  it('a guest who books again after being forgotten gets a new key: the new booking reads, the old ones stay erased', async () => {
    const { id } = await ok(visitor.post('/api/reservations', { ...reservationBody, ...jane, time: '15:00' }), 201);
    expect(await ok(admin.get(`/api/admin/reservations/${id}`))).toMatchObject(jane);
    expect(await ok(admin.get(`/api/admin/reservations/${ids.reservation}`))).toMatchObject({ name: PERSONAL_DATA_ERASED, email: '' });
    await t.runtime.engine!.rebuild();
    expect(await ok(admin.get(`/api/admin/reservations/${id}`))).toMatchObject(jane);
    expect(await ok(admin.get(`/api/admin/reservations/${ids.reservation}`))).toMatchObject({ name: PERSONAL_DATA_ERASED, email: '' });
  }, 60_000);

  it('`ops forget` from another process: the running gateway’s lists lose the guest within seconds', async () => {
    const { id } = await ok(visitor.post('/api/reservations', { ...reservationBody, ...other, time: '16:00' }), 201);
    const printed: string[] = [];
    const code = await forgetCommand([other.email], features, {
      env: { ...process.env, DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' },
      print: (l) => printed.push(l),
    });
    expect(code).toBe(0);
    expect(printed.join('\n')).toMatch(/Personal data erased: 2 reservation\(s\), 0 party booking\(s\); the guest key was deleted/);
    await waitFor(async () => !(await admin.get('/api/reservations')).body.includes(other.email));
    const history = (await ok(admin.get(`/api/admin/reservations/${id}/history`))) as unknown as BookingHistory;
    expect(history.events.at(-1)).toMatchObject({ what: PERSONAL_DATA_ERASED, actorKind: 'system' });
    expect(history.events.at(-1)!.by).toMatch(/^system \(ops \(.+\)\)$/);
  }, 60_000);

  it('refuses a bad address with the contract message, and anyone but staff', async () => {
    const bad = await admin.post('/api/admin/privacy/forget', { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Please enter a valid email address');
    expect((await visitor.post('/api/admin/privacy/forget', { email: jane.email })).statusCode).toBe(401);
  });
});

function outboxFiles(): string[] {
  const dir = join(t.dataDir, 'outbox');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => join(dir, f))
    : [];
}

async function waitFor(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
