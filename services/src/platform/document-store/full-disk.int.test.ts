import Database from 'better-sqlite3';
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { BookingsView } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { signInAdmin } from '../../../test/auth.js';
import { client, reservationBody, type Client } from '../../../test/booking-test-kit.js';
import { DISK_FULL_REFUSAL, DISK_UNWRITABLE_REFUSAL } from '@cafe/contracts';
import type { EncryptingEventStore } from '../personal-data/encrypting-event-store.js';
import type { SqliteEventStore } from '../event-store/sqlite-event-store.js';
import type { CollectionWrites } from './document-store.js';
import type { SqliteDocumentStore } from './sqlite-document-store.js';

// Issue 51: on a full or read-only disk under DATA_DIR the staff lists keep answering every acknowledged
// booking from memory, writes are refused with a JSON 503, /readyz says why, and once the disk takes
// writes again (or after a restart) nothing acknowledged is missing. The test clock's today: 2026-11-18.

const TODAY = '2026-11-18';
const TIMES = ['17:00', '17:30', '18:00', '18:30', '19:00'];
const VIEWS = ['today', 'week', 'month'] as const;

/** Null when this process may mount (root), else why not (CI may not be root). */
const mountable = (() => {
  const dir = mkdtempSync(join(tmpdir(), 'cafe-mount-check-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();

interface Cafe {
  t: TestApp;
  admin: Client;
  visitor: Client;
  /** Names of the bookings answered 201: every one must be in the lists, now and after a restart. */
  acknowledged: string[];
}

async function openCafe(dataDir?: string, acknowledged: string[] = []): Promise<Cafe> {
  const t = await createTestApp({ ...(dataDir ? { dataDir } : {}), env: { READYZ_MIN_FREE_MB: '0' } });
  return { t, admin: client(t, await signInAdmin(t)), visitor: client(t), acknowledged };
}

/** A guest books a table for today: true when acknowledged, else the answer is returned for the caller to check. */
async function book(cafe: Cafe, name: string) {
  const time = TIMES[cafe.acknowledged.length % TIMES.length]!;
  const res = await cafe.visitor.post('/api/reservations', { ...reservationBody, name, date: TODAY, time, partySize: 2 });
  if (res.statusCode === 201) cafe.acknowledged.push(name);
  return res;
}

/** Books until the disk refuses one (the logs' pages may be reused for a while): the refusal. */
async function bookUntilRefused(cafe: Cafe) {
  for (let i = 0; i < 300; i++) {
    const res = await book(cafe, `Guest while full ${i}`);
    if (res.statusCode !== 201) return res;
  }
  throw new Error('no write was refused');
}

/** The staff Today, Week and Month views answer 200 with exactly the acknowledged bookings. */
async function expectStaffLists(cafe: Cafe) {
  for (const view of VIEWS) {
    const res = await cafe.admin.get(`/api/admin/bookings/${view}`);
    expect(res.statusCode, `${view}: ${res.body}`).toBe(200);
    expect((res.json() as BookingsView).entries.map((e) => e.name).sort(), view).toEqual([...cafe.acknowledged].sort());
  }
  expect((await cafe.visitor.get('/api/business-info')).statusCode).toBe(200);
}

function expectRefusal(res: Awaited<ReturnType<typeof book>>, message: string) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.json()).toEqual({ message });
}

/** /readyz answers 200 again within a few seconds (the read models' retry runs every second). */
async function readyAgain(t: TestApp) {
  await vi.waitFor(
    async () => {
      const res = await t.app.inject('/readyz');
      expect(res.statusCode, res.body).toBe(200);
    },
    { timeout: 10_000, interval: 200 },
  );
}

/** The names of the reservations the read-model file holds (read with a connection of its own). */
function reservationsInFile(dataDir: string): string[] {
  const db = new Database(join(dataDir, 'read-models.sqlite'), { readonly: true });
  try {
    const rows = db.prepare<[], { body: string }>("SELECT body FROM documents WHERE collection = 'reservations'").all();
    return rows.map((row) => (JSON.parse(row.body) as { name: string }).name).sort();
  } finally {
    db.close();
  }
}

/** After a restart on the same DATA_DIR: every acknowledged booking listed, and a new one taken. */
async function expectAllAfterRestart(cafe: Cafe): Promise<Cafe> {
  const again = await openCafe(cafe.t.dataDir, cafe.acknowledged);
  await expectStaffLists(again);
  expect((await book(again, 'Guest after the restart')).statusCode).toBe(201);
  await expectStaffLists(again);
  return again;
}

const mountedSuite = 'DATA_DIR on a real disk that fills up or turns read-only (mounted here)';
// The one line a run without mount prints (as the Docker suites do); the injected tests below still run.
if (mountable !== null) console.warn(`skipped: mount not permitted (${mountedSuite}): ${mountable}`);

describe.skipIf(mountable !== null)(mountable === null ? mountedSuite : `${mountedSuite}: skipped, mount not permitted`, () => {
  const mounts: string[] = [];
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    for (const dir of mounts.reverse()) {
      // Lazily: a test that failed halfway may have left a store open on it.
      spawnSync('umount', ['-l', dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    }
  });
  const mountPoint = () => {
    const dir = mkdtempSync(join(tmpdir(), 'cafe-disk-'));
    mounts.push(dir);
    return dir;
  };

  it('a full tmpfs: the lists answer every acknowledged booking, writes get a JSON 503, and nothing is lost once space returns or after a restart', async () => {
    const dir = mountPoint();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir]);
    const cafe = await openCafe(join(dir, 'data'));
    apps.push(cafe.t);
    for (const name of ['Ada', 'Grace', 'Edsger']) expect((await book(cafe, name)).statusCode).toBe(201);

    // when the disk fills up
    const filler = join(dir, 'filler');
    fill(filler);
    expectRefusal(await bookUntilRefused(cafe), DISK_FULL_REFUSAL);

    // then the staff lists still answer, with every booking acknowledged, and /readyz says why
    await expectStaffLists(cafe);
    const ready = await cafe.t.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'disk-full', message: expect.stringContaining(`writing ${join(dir, 'data')}/`) });
    expect(ready.json().message).toMatch(/^The disk holding DATA_DIR is full: writing \S+\.sqlite failed \(SQLITE_FULL/);

    // when space returns: the read models waiting reach their file, and writes are taken again
    rmSync(filler);
    await readyAgain(cafe.t);
    expect(reservationsInFile(cafe.t.dataDir)).toEqual([...cafe.acknowledged].sort());
    expect((await book(cafe, 'Guest once space returned')).statusCode).toBe(201);
    await expectStaffLists(cafe);

    // and after a restart
    await cafe.t.close();
    apps.push((await expectAllAfterRestart(cafe)).t);
  }, 120_000);

  it('a disk that turns read-only under the running café (ext4 errors=remount-ro): the lists answer, writes get a JSON 503, nothing acknowledged is lost after repair and restart', async (context) => {
    // A tmpfs cannot be remounted read-only while the stores hold their files open for writing (EBUSY):
    // a disk turns read-only under a running process when the kernel makes it so, as ext4 does on an error.
    const ext4 = ext4Unavailable();
    if (ext4) {
      context.skip(`read-only disk not tested: ${ext4}`);
      return;
    }
    const dir = mountPoint();
    const image = join(mkdtempSync(join(tmpdir(), 'cafe-disk-image-')), 'disk.img');
    mounts.push(join(image, '..'));
    writeFileSync(image, '');
    execFileSync('truncate', ['-s', '64M', image]);
    execFileSync('mkfs.ext4', ['-q', '-F', image], { stdio: 'pipe' });
    const mount = () => execFileSync('mount', ['-o', 'loop,errors=remount-ro', image, dir]);
    mount();
    const device = basename(execFileSync('findmnt', ['-no', 'SOURCE', dir]).toString().trim());
    const cafe = await openCafe(join(dir, 'data'));
    apps.push(cafe.t);
    for (const name of ['Ada', 'Grace', 'Edsger']) expect((await book(cafe, name)).statusCode).toBe(201);

    // when the kernel turns the disk read-only, once the files written at the first start are on it
    // (the secrets are written without an fsync: the journal aborted by the error would drop them)
    execFileSync('sync', ['-f', join(dir, 'data')]);
    writeFileSync(`/sys/fs/ext4/${device}/trigger_fs_error`, 'cafe test');

    // then writes are refused, the lists answer every acknowledged booking, /readyz says why
    expectRefusal(await bookUntilRefused(cafe), DISK_UNWRITABLE_REFUSAL);
    await expectStaffLists(cafe);
    const ready = await cafe.t.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'read-only', message: expect.stringContaining(`writing ${join(dir, 'data')}/`) });
    expect(ready.json().message).toMatch(/is read-only: writing \S+ failed \(SQLITE_IOERR\w*, EROFS\)/);

    // when it is repaired (the café stops, the disk is checked and mounted again) and the café restarts
    await cafe.t.close();
    execFileSync('umount', [dir]);
    try {
      execFileSync('e2fsck', ['-fy', image], { stdio: 'pipe' });
    } catch (error) {
      // 1: errors corrected, as after any such error.
      if ((error as { status?: number }).status !== 1) throw error;
    }
    mount();
    apps.push((await expectAllAfterRestart(cafe)).t);
  }, 120_000);
});

describe('a flush of the read-model file that fails (ENOSPC, EROFS injected)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it.each([
    { kind: 'full', code: 'SQLITE_FULL', message: 'database or disk is full', status: 'disk-full', refusal: DISK_FULL_REFUSAL },
    {
      kind: 'read-only',
      code: 'SQLITE_READONLY',
      message: 'attempt to write a readonly database',
      status: 'read-only',
      refusal: DISK_UNWRITABLE_REFUSAL,
    },
  ])(
    'disk $kind: the staff lists answer from memory, writes get a JSON 503, /readyz says why, and the waiting read models reach the file once it takes them',
    async ({ code, message, status, refusal }) => {
      const cafe = await openCafe();
      apps.push(cafe.t);
      const documents = cafe.t.runtime.documents as SqliteDocumentStore;
      const events = (cafe.t.runtime.eventStore as EncryptingEventStore).inner as SqliteEventStore;
      const failure = () => new Database.SqliteError(message, code);
      // given the read-model file refusing its writes (as at the flush before a query) …
      const file = documents as unknown as { writeRows(writes: CollectionWrites[]): void };
      const writeRows = file.writeRows.bind(documents);
      let refuseFlush = false;
      vi.spyOn(file, 'writeRows').mockImplementation((writes) => {
        if (refuseFlush) throw failure();
        writeRows(writes);
      });
      // … and then the event log refusing its commits
      let refuseAppend = false;
      events.carry({
        write: () => {
          if (refuseAppend) throw failure();
        },
        committed: () => undefined,
      });
      for (const name of ['Ada', 'Grace']) expect((await book(cafe, name)).statusCode).toBe(201);
      documents.writeBehindNow();

      // when the flush fails with bookings waiting to be stored
      refuseFlush = true;
      expect((await book(cafe, 'Edsger')).statusCode).toBe(201);
      await expectStaffLists(cafe);
      // and when the log's commits fail too
      refuseAppend = true;
      expectRefusal(await book(cafe, 'Barbara'), refusal);

      // then the lists still answer, and /readyz says which file could not be written, and why
      await expectStaffLists(cafe);
      const ready = await cafe.t.app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status,
        message: expect.stringContaining(`writing ${join(cafe.t.dataDir, 'read-models.sqlite')} failed (${code})`),
      });
      expect(reservationsInFile(cafe.t.dataDir)).toEqual(['Ada', 'Grace']);

      // when the disk takes writes again: the pending flush completes, writes are taken
      refuseFlush = false;
      refuseAppend = false;
      await readyAgain(cafe.t);
      expect(reservationsInFile(cafe.t.dataDir)).toEqual(['Ada', 'Edsger', 'Grace']);
      expect((await book(cafe, 'Barbara')).statusCode).toBe(201);
      await expectStaffLists(cafe);
      const restarted = await cafe.t.restart();
      apps.push(restarted);
      await expectStaffLists({ ...cafe, t: restarted, admin: client(restarted, await signInAdmin(restarted)), visitor: client(restarted) });
    },
  );
});

/** Writes into `file` until the disk has no byte left (ENOSPC). */
function fill(file: string): void {
  mkdirSync(join(file, '..'), { recursive: true });
  const fd = openSync(file, 'w');
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Why an ext4 image cannot be made read-only here (no loop device, no mkfs.ext4, no error trigger), or null. */
function ext4Unavailable(): string | null {
  try {
    execFileSync('mkfs.ext4', ['-V'], { stdio: 'pipe' });
    execFileSync('losetup', ['-f'], { stdio: 'pipe' });
  } catch (error) {
    return (error as Error).message.split('\n')[0] ?? 'no mkfs.ext4 or loop device';
  }
  if (!existsSync('/sys/fs/ext4') || readdirSync('/sys/fs/ext4').length === 0) return 'no /sys/fs/ext4 (trigger_fs_error)';
  return null;
}
