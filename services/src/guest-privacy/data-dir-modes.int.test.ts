import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { client, reservationBody } from '../../test/booking-test-kit.js';
import { notificationsOf } from '../notifications/index.js';
import { FsBlobStore } from '../platform/blob-store/fs-blob-store.js';
import { createMailer } from '../platform/mailer/mailer.js';

/** Every directory and file under DATA_DIR with the permission bits anyone but its owner has. */
function openToOthers(dir: string): Record<string, string> {
  const open: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (!stat) continue;
      if ((stat.mode & 0o077) !== 0) open[relative(dir, path) || '.'] = (stat.mode & 0o777).toString(8);
      if (stat.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return open;
}

/**
 * DATA_DIR holds guests' personal data (events, read models, mails, photos) and staff sessions: under
 * the most permissive umask (000, as a misconfigured container or service unit may run with), nothing
 * in it opens to another user of the machine.
 */
describe('DATA_DIR under umask 000', () => {
  let previous: number;
  let t: TestApp;
  beforeAll(() => {
    previous = process.umask(0o000);
  });
  afterAll(async () => {
    await t?.close();
    process.umask(previous);
  });

  it('outbox/ and uploads/ are 0700, their .eml and image files 0600, as every database and its -wal/-shm', async () => {
    t = await createTestApp();
    await t.runtime.blobs.put('0123456789abcdef0123456789abcdef.jpg', Buffer.from('not really a photo'), 'image/jpeg');
    const res = await client(t).post('/api/reservations', reservationBody);
    expect(res.statusCode, res.body).toBe(201);
    await notificationsOf(t.runtime)!.idle();

    const outbox = join(t.dataDir, 'outbox');
    const uploads = join(t.dataDir, 'uploads');
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(mode(outbox)).toBe('700');
    expect(mode(uploads)).toBe('700');
    const eml = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(eml.length).toBeGreaterThan(0);
    for (const file of eml) expect(mode(join(outbox, file)), file).toBe('600');
    for (const file of readdirSync(uploads)) expect(mode(join(uploads, file)), file).toBe('600');
    expect(openToOthers(t.dataDir)).toEqual({});
  });

  it('narrows an outbox and uploads left open by an older version, with the files already in them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cafe-modes-'));
    try {
      for (const dir of ['outbox', 'uploads']) {
        mkdirSync(join(dataDir, dir), { mode: 0o777 });
        chmodSync(join(dataDir, dir), 0o777);
      }
      writeFileSync(join(dataDir, 'outbox', 'old.eml'), 'To: jane@example.com', { mode: 0o666 });
      writeFileSync(join(dataDir, 'uploads', '0123456789abcdef.jpg'), 'old photo', { mode: 0o666 });
      chmodSync(dataDir, 0o700);
      new FsBlobStore(join(dataDir, 'uploads'));
      const mailer = createMailer({ dataDir, mailFrom: 'cafe@example.com', smtpUrl: undefined }, pino({ level: 'silent' }));
      await mailer.send({ to: 'ada@example.com', subject: 'Hello', text: 'Hi' });
      expect(openToOthers(dataDir)).toEqual({});
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
