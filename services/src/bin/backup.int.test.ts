import { afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody } from '../../test/booking-test-kit.js';
import { notificationsOf, REACTOR_CHECKPOINTS } from '../notifications/index.js';
import { features } from '../features.js';
import { allProjections } from '../platform/runtime/runtime.js';
import { CHECKPOINTS } from '../platform/projections/projection-engine.js';
import { FakeEventStoreDbServer } from '../platform/event-store/eventstoredb-fake-server.js';
import { EventStoreDbEventStore } from '../platform/event-store/eventstoredb-event-store.js';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import { PROJECTOR_HEARTBEAT_ID, REBUILD_REQUESTS } from '../system/index.js';
import { dropOldLogReadModels } from './ops-backup.js';

const run = promisify(execFile);
const services = join(import.meta.dirname, '..', '..');
const tsx = join(services, '..', 'node_modules', '.bin', 'tsx');

/** The operator's command line, as `npm run ops -- …` runs it, in its own process. */
async function ops(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', INIT_CWD: services };
  try {
    const { stdout, stderr } = await run(tsx, [join(services, 'src', 'bin', 'ops.ts'), ...args], { env, cwd: services });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function multipart(image: Buffer, alt: string) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'tables.png');
  form.append('alt_text', alt);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

const mode = (path: string) => statSync(path).mode & 0o777;

const apps: TestApp[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** What staff and visitors see of the bookings, the content and the history. */
async function whatTheSiteShows(t: TestApp, reservationId: string, partyId: string) {
  const admin = client(t, await signInAdmin(t));
  const json = async (url: string) => {
    const res = await admin.get(url);
    expect(res.statusCode, url).toBe(200);
    return res.json<unknown>();
  };
  const gallery = (await json('/api/gallery')) as { url: string; thumbnailUrl: string }[];
  const files = await Promise.all(gallery.flatMap((g) => [g.url, g.thumbnailUrl]).map(async (url) => (await t.app.inject(url)).rawPayload));
  return {
    reservations: await json('/api/reservations'),
    parties: await json('/api/party-bookings'),
    gallery,
    files: files.map((f) => f.toString('base64')),
    reservationHistory: await json(`/api/admin/reservations/${reservationId}/history`),
    partyHistory: await json(`/api/admin/party-bookings/${partyId}/history`),
  };
}

describe('npm run ops -- backup / restore (embedded store)', () => {
  it('backs up while a writer appends, restores into a new DATA_DIR, and the site shows the same bookings, content and history', async () => {
    const t = await createTestApp();
    apps.push(t);
    const scratch = mkdtempSync(join(tmpdir(), 'cafe-backup-test-'));
    folders.push(t.dataDir, scratch);

    // A booking, a party approved, a gallery upload; and their mails sent.
    const signedIn = await signInAdmin(t);
    const admin = client(t, signedIn);
    const visitor = client(t);
    const reservation = await visitor.post('/api/reservations', reservationBody);
    expect(reservation.statusCode).toBe(201);
    const party = await visitor.post('/api/party-bookings', partyBody);
    expect(party.statusCode).toBe(201);
    const reservationId = reservation.json<{ id: string }>().id;
    const partyId = party.json<{ id: string }>().id;
    expect((await admin.patch(`/api/party-bookings/${partyId}/approve`, { status: 'approved' })).statusCode).toBe(200);
    const image = await sharp({ create: { width: 1000, height: 750, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .png()
      .toBuffer();
    const form = await multipart(image, 'Game night tables');
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/gallery/upload',
      headers: { ...signedIn.headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    await notificationsOf(t.runtime)!.idle();
    const mailsBefore = readdirSync(join(t.dataDir, 'outbox'));
    expect(mailsBefore).toHaveLength(4); // confirmation, party received (and the café's copy), party approved
    const before = await whatTheSiteShows(t, reservationId, partyId);
    expect(before.parties).toEqual([expect.objectContaining({ id: partyId, status: 'approved' })]);

    // A writer appends without pause, as a busy gateway would, while the backup runs in its own process.
    let writing = true;
    let written = 0;
    const metadata = {
      occurredAt: t.clock.now().toISOString(),
      actor: { kind: 'system', name: 'load' },
      correlationId: 'l',
      causationId: 'l',
    } as const;
    const writer = (async () => {
      while (writing) {
        await t.runtime.eventStore.appendToStream(`loadTest-${written}`, [{ type: 'LoadTestRecorded', data: { n: written }, metadata }]);
        written++;
      }
    })();
    const headAtStart = await t.runtime.eventStore.headPosition();
    const backup = join(scratch, 'backup-1');
    const backedUp = await ops(['backup', backup], t.dataDir);
    writing = false;
    await writer;
    expect(backedUp.stderr).toBe('');
    expect(backedUp.code).toBe(0);
    expect(backedUp.stdout).toMatch(/^Backed up \d+ events \(up to position \d+\) and uploads: 2 files, outbox: 4 files/);
    const headAtEnd = await t.runtime.eventStore.headPosition();

    // Consistent: the copy holds exactly the first N events of the live store, no gap, none torn,
    // and N fell between what was there when the backup started and what was there when it ended.
    const copy = new Database(join(backup, 'events.sqlite'), { readonly: true });
    const copied = copy.prepare<[], { position: number; id: string }>('SELECT position, id FROM events ORDER BY position').all();
    const loads = copy
      .prepare<[], { data: string }>("SELECT data FROM events WHERE type = 'LoadTestRecorded' ORDER BY position")
      .all()
      .map((r) => (JSON.parse(r.data) as { n: number }).n);
    copy.close();
    const n = copied.length;
    expect(BigInt(n)).toBeGreaterThan(headAtStart);
    expect(BigInt(n)).toBeLessThan(headAtEnd);
    expect(copied.map((r) => r.position)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    const live = await t.runtime.eventStore.readAll({ maxCount: n });
    expect(copied.map((r) => r.id)).toEqual(live.map((e) => e.id));
    expect(loads).toEqual(Array.from({ length: loads.length }, (_, i) => i));
    // Owner-only, like DATA_DIR; the derived and ephemeral databases are not in it.
    expect(mode(backup)).toBe(0o700);
    expect(mode(join(backup, 'events.sqlite'))).toBe(0o600);
    for (const file of readdirSync(join(backup, 'uploads'))) expect(mode(join(backup, 'uploads', file))).toBe(0o600);
    expect(readdirSync(backup).sort()).toEqual(['events.sqlite', 'guest-data-secret', 'manifest.json', 'outbox', 'uploads']);

    // A backup never overwrites, and a restore never fills a DATA_DIR that holds anything.
    expect((await ops(['backup', backup], t.dataDir)).stderr).toMatch(/already exists: a backup never overwrites anything/);
    const refused = await ops(['restore', backup], t.dataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^DATA_DIR .* is not empty \(.*events\.sqlite.*\)\. Restore only fills an empty folder/);
    expect(await t.runtime.eventStore.headPosition()).toBe(headAtEnd);
    await t.close();

    const restoredDir = join(scratch, 'restored');
    const restored = await ops(['restore', backup], restoredDir);
    expect(restored.stderr).toBe('');
    expect(restored.stdout).toMatch(new RegExp(`^Restored ${n} events`));
    expect(mode(restoredDir)).toBe(0o700);
    expect(mode(join(restoredDir, 'events.sqlite'))).toBe(0o600);
    expect(readdirSync(restoredDir).sort()).toEqual(['events.sqlite', 'guest-data-secret', 'outbox', 'uploads']);

    // Started on the restored folder: the same bookings, content, files and history; no mail sent twice.
    const again = await createTestApp({ dataDir: restoredDir });
    apps.push(again);
    expect(await again.runtime.eventStore.headPosition()).toBe(BigInt(n));
    expect(await whatTheSiteShows(again, reservationId, partyId)).toEqual(before);
    await notificationsOf(again.runtime)!.idle();
    expect(readdirSync(join(restoredDir, 'outbox')).sort()).toEqual([...mailsBefore].sort());

    // And it keeps mailing: bookings taken on the restored store are confirmed once each, across a restart too.
    const hedy = { ...reservationBody, name: 'Hedy Lamarr', email: 'hedy@example.com', partySize: 2 };
    expect((await client(again).post('/api/reservations', hedy)).statusCode).toBe(201);
    await notificationsOf(again.runtime)!.idle();
    const restarted = await again.restart();
    apps.push(restarted);
    expect(
      (await client(restarted).post('/api/reservations', { ...hedy, name: 'Joan Clarke', email: 'joan@example.com' })).statusCode,
    ).toBe(201);
    await notificationsOf(restarted.runtime)!.idle();
    expect(readdirSync(join(restoredDir, 'outbox'))).toHaveLength(mailsBefore.length + 2);
  }, 60_000);

  it('says what is wrong with a folder that is not a backup', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'cafe-backup-test-'));
    folders.push(scratch);
    const result = await ops(['restore', scratch], join(scratch, 'data'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/is not a backup made by `npm run ops -- backup` \(no readable manifest\.json in it\)/);
    expect(existsSync(join(scratch, 'data'))).toBe(false);
  });
});

/** Who the mails in an app's outbox went to, sorted. */
const mailedTo = (t: TestApp) =>
  readdirSync(join(t.dataDir, 'outbox'))
    .map((file) => /^To: <?([^<>\s]+)>?$/m.exec(readFileSync(join(t.dataDir, 'outbox', file), 'utf8'))?.[1])
    .sort();

/** An app on the stand-in EventStoreDB server and a MongoDB in memory; without `notifications`, a gateway that mails nothing. */
async function onRealServers(server: FakeEventStoreDbServer, mongo: MemoryDocumentStore, options: { mails?: boolean } = {}) {
  const eventStore = new EventStoreDbEventStore(server.client());
  const t = await createTestApp({
    stores: { eventStore, documents: mongo, close: () => eventStore.close() },
    ...(options.mails === false ? { features: features.filter((f) => f.name !== 'notifications') } : {}),
  });
  apps.push(t);
  return t;
}

const booking = (name: string, time: string) => ({
  ...reservationBody,
  name,
  email: `${name.toLowerCase()}@example.com`,
  partySize: 2,
  time,
});

describe('a restore on the real servers (stand-in EventStoreDB, MongoDB in memory)', () => {
  it("when MongoDB's dump holds the old log's positions, then restore --read-models drops them, and the projector started first keeps mailing the bookings taken during its replay", async () => {
    // The deployment before: a booking mailed, EventStoreDB's files copied, then more bookings; MongoDB dumped after.
    const old = new FakeEventStoreDbServer();
    const mongo = new MemoryDocumentStore();
    const before = await onRealServers(old, mongo);
    expect((await client(before).post('/api/reservations', booking('Ada', '11:00'))).statusCode).toBe(201);
    await notificationsOf(before.runtime)!.idle();
    const copiedUpTo = await before.runtime.eventStore.headPosition();
    for (const [name, time] of [
      ['Bob', '11:30'],
      ['Cy', '12:00'],
    ] as const)
      expect((await client(before).post('/api/reservations', booking(name, time))).statusCode).toBe(201);
    await notificationsOf(before.runtime)!.idle();
    expect(mailedTo(before)).toEqual(['ada@example.com', 'bob@example.com', 'cy@example.com']);
    await before.close();
    const stale = BigInt(String((await mongo.collection(REACTOR_CHECKPOINTS).get('notifications'))?.position));
    expect(stale).toBeGreaterThan(copiedUpTo);

    // The restore: the files copied before Bob booked, and the whole dump (read models, checkpoints) restored.
    const restored = old.restoredUpTo(copiedUpTo);
    // The documented step: MongoDB keeps nothing derived from the old log (refused while a projector beats).
    expect(
      await dropOldLogReadModels(
        mongo,
        allProjections(features).map((p) => p.name),
      ),
    ).toBe(0);
    const left = await mongo.listCollections();
    expect(left).not.toContain(CHECKPOINTS);
    expect(left).not.toContain(REACTOR_CHECKPOINTS);
    expect(left).not.toContain('reservations');

    // The gateway takes bookings before the projector is back, then while it replays: the head moves past the
    // old positions (without the step above, the projector would read from inside a record and exit, for ever).
    const gateway = await onRealServers(restored, new MemoryDocumentStore(), { mails: false });
    const guests: string[] = [];
    const book = async (t: TestApp) => {
      const n = guests.length;
      guests.push(`Guest${n}`);
      const res = await client(t).post('/api/reservations', booking(`Guest${n}`, `${12 + Math.floor(n / 2)}:${n % 2 ? '30' : '00'}`));
      expect(res.statusCode).toBe(201);
    };
    while ((await gateway.runtime.eventStore.headPosition()) <= stale) await book(gateway);
    expect(restored.startsAt(stale)).toBe(false);
    const starting = onRealServers(restored, mongo);
    await book(gateway);
    const projector = await starting;
    await book(projector);
    await notificationsOf(projector.runtime)!.idle();
    expect(notificationsOf(projector.runtime)!.behindBecause).toBeNull();

    // Every booking of the restored log is mailed once (Ada's was, before the copy); the lists show them all.
    expect(mailedTo(projector)).toEqual(guests.map((g) => `${g.toLowerCase()}@example.com`).sort());
    const admin = client(projector, await signInAdmin(projector));
    const listed = (await admin.get('/api/reservations')).json<{ name: string }[]>().map((r) => r.name);
    expect(listed.sort()).toEqual(['Ada', ...guests].sort());
  }, 60_000);

  it('when a projector is running (its heartbeat is recent), then restore --read-models refuses and drops nothing', async () => {
    const mongo = new MemoryDocumentStore();
    await mongo.collection(CHECKPOINTS).putMany([{ _id: 'reservations', position: '8300' }]);
    await mongo.collection(REBUILD_REQUESTS).putMany([{ _id: PROJECTOR_HEARTBEAT_ID, at: new Date().toISOString() }]);
    expect(await dropOldLogReadModels(mongo, ['reservations'])).toBe(1);
    expect(await mongo.listCollections()).toContain(CHECKPOINTS);
  });
});
