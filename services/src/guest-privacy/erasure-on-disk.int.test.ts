import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signIn, signInAdmin, type SignedIn } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { notificationsOf } from '../notifications/index.js';
import { startTestSmtp, type TestSmtp } from '../notifications/test-smtp-server.js';
import { rebuildCommand } from '../bin/ops-projections.js';
import { features } from '../features.js';
import { forgetCommand } from './forget-ops.js';
import { scrubberOf } from './read-model-scrub.js';

/**
 * The "Must show": after `forget`, a byte search of every file under DATA_DIR (events.sqlite and
 * its -wal/-shm, read-models.sqlite and its, sessions, outbox, uploads) finds none of the guest's e-mail,
 * phone (as typed and as digits) and name, though an SMTP server rejected one of the guest's mails with
 * a text that quotes the address; and still none after a restart and after an offline `ops rebuild`.
 */
const guest = { name: 'Quentin Shreddable', email: 'Quentin.Shred@example.org', phone: '(414) 555-0187' };
/** Two more guests, forgotten with `ops forget`: beside a running gateway, and with none running. */
const second = { name: 'Rosalind Wipeable', email: 'rosalind.wipe@example.org', phone: '(414) 555-0134' };
const third = { name: 'Tobias Offlineforgot', email: 'tobias.offline@example.org', phone: '(414) 555-0156' };
const fourth = { name: 'Ursula Restartclean', email: 'ursula.restart@example.org', phone: '(414) 555-0172' };
let needles = [guest.name, guest.email, guest.phone, '4145550187', '414-555-0187', 'Shreddable'];
const needlesOf = (g: typeof guest) => [g.name, g.email, g.phone, g.phone.replace(/\D/g, '')];

/** Every file under the directory, with which of the guest's values its bytes hold (case-insensitive). */
function byteSearch(dir: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.isDirectory()) walk(path);
      else if (stat.isFile()) {
        const bytes = readFileSync(path).toString('latin1').toLowerCase();
        const hits = needles.filter((n) => bytes.includes(n.toLowerCase()));
        if (hits.length) found[relative(dir, path)] = hits;
      }
    }
  };
  walk(dir);
  return found;
}

/** The read models' rows that still mention the guest (what a query can see, beside freed bytes). */
function rowsMentioning(): string[] {
  const db = new Database(join(dataDir, 'read-models.sqlite'), { readonly: true });
  try {
    const rows = db.prepare('SELECT collection, id, body FROM documents').all() as { collection: string; id: string; body: string }[];
    return rows.filter((r) => needles.some((n) => r.body.toLowerCase().includes(n.toLowerCase()))).map((r) => `${r.collection}/${r.id}`);
  } finally {
    db.close();
  }
}

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => statSync(join(dir, p)).isFile());

let dataDir: string;
let smtp: TestSmtp;
let t: TestApp | undefined;
let admin: Client;
let visitor: Client;
/** The guest also tried the staff sign-in (refused: not on the whitelist), so a session and an account hold their e-mail. */
let deniedSignIn: SignedIn;

const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as { id: string };
};

async function start(env: Record<string, string> = {}): Promise<TestApp> {
  t = await createTestApp({ dataDir, env });
  admin = client(t, await signInAdmin(t, 'owner@example.com'));
  visitor = client(t);
  return t;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cafe-erasure-disk-'));
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('forget leaves no byte of the guest anywhere in DATA_DIR', () => {
  it('a guest books in development (outbox mail) and with SMTP, where the server rejects one of their mails', async () => {
    // Development mailer first: the party request's mails (the guest's and the café's) land in outbox/.
    await start();
    const party = await ok(visitor.post('/api/party-bookings', { ...partyBody, ...guest }), 201);
    await notificationsOf(t!.runtime)!.idle();
    expect(filesUnder(join(dataDir, 'outbox')).length).toBeGreaterThanOrEqual(2);
    await t!.close();

    // Then a real SMTP server, which refuses the next mail to the guest: the booking confirmation.
    smtp.rejectRecipient(guest.email, 1);
    await start({ SMTP_URL: smtp.url });
    await ok(visitor.post('/api/reservations', { ...reservationBody, ...guest }), 201);
    await notificationsOf(t!.runtime)!.idle();
    expect(smtp.rejections).toHaveLength(1);
    deniedSignIn = await signIn(t!, guest.email);
    expect(deniedSignIn.redirectedTo).toBe('/admin/login?error=access_denied');
    const profile = await t!.app.inject({ method: 'GET', url: '/api/auth/user', headers: deniedSignIn.headers });
    expect(profile.json()).toMatchObject({ email: guest.email.toLowerCase(), isAdmin: false });
    await ok(admin.patch(`/api/party-bookings/${party.id}/approve`, { status: 'approved', adminNotes: 'Cake at 7' }));
    await notificationsOf(t!.runtime)!.idle();
    const failed = (await t!.runtime.eventStore.readAll()).filter((e) => e.type === 'NotificationFailed');
    expect(failed).toHaveLength(1);
    // The rejection is kept for staff (ops events, the system page), and it names the guest.
    expect(JSON.stringify(failed[0]!.data)).toContain(guest.email);
  });

  it('after forget, nothing of the guest is in any file, -wal and -shm included', async () => {
    const forgot = await admin.post('/api/admin/privacy/forget', { email: guest.email });
    expect(forgot.statusCode, forgot.body).toBe(200);
    expect(forgot.json()).toMatchObject({ reservations: 1, partyBookings: 1, keyDeleted: true, records: { accounts: 1, sessions: 1 } });
    // Their sign-in ended with the rest: the cookie they hold opens nothing.
    expect((await t!.app.inject({ method: 'GET', url: '/api/auth/user', headers: deniedSignIn.headers })).statusCode).toBe(401);
    await t!.runtime.readModels.waitFor(await t!.runtime.eventStore.headPosition());
    const files = filesUnder(dataDir);
    for (const expected of ['events.sqlite', 'read-models.sqlite', 'sessions.sqlite']) expect(files).toContain(expected);
    expect(rowsMentioning(), 'read-model rows').toEqual([]);
    expect(byteSearch(dataDir), 'running gateway').toEqual({});
  });

  it('still nothing after a restart', async () => {
    t = await t!.restart();
    admin = client(t, await signInAdmin(t, 'owner@example.com'));
    await notificationsOf(t.runtime)!.idle();
    expect(rowsMentioning(), 'read-model rows').toEqual([]);
    expect(byteSearch(dataDir), 'restarted gateway').toEqual({});
    await t.close();
    t = undefined;
    expect(byteSearch(dataDir), 'stopped').toEqual({});
  });

  it('still nothing after an offline `ops rebuild` (no gateway running)', async () => {
    const printed: string[] = [];
    const code = await rebuildCommand([], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      print: (l) => printed.push(l),
    });
    expect(code, printed.join('\n')).toBe(0);
    expect(printed.join('\n')).toMatch(/no gateway is running/);
    expect(rowsMentioning(), 'read-model rows').toEqual([]);
    expect(byteSearch(dataDir), 'after ops rebuild').toEqual({});
    // And the gateway started on that directory serves the rebuilt models, still without the guest.
    await start({ SMTP_URL: smtp.url });
    const list = await admin.get('/api/reservations');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Personal data erased');
    expect(byteSearch(dataDir), 'gateway on the rebuilt models').toEqual({});
  });

  it('`ops forget` beside the running gateway: gone from every file once the gateway has applied it', async () => {
    await ok(visitor.post('/api/reservations', { ...reservationBody, ...second, time: '12:00' }), 201);
    await notificationsOf(t!.runtime)!.idle();
    needles = needlesOf(second);
    // The read models reach their file's log within the write-behind period: that copy too must go.
    await until(() => Object.keys(byteSearch(dataDir)).includes('read-models.sqlite-wal'));
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    expect(await forgetCommand([second.email], features, { env, print: () => undefined })).toBe(0);
    // The gateway follows the log: its scrubber runs once its read models hold the erasure.
    await until(async () => Object.keys(byteSearch(dataDir)).length === 0);
    await scrubberOf(t!.runtime)!.afterErasure(await t!.runtime.eventStore.headPosition());
    expect(byteSearch(dataDir)).toEqual({});
    expect(rowsMentioning()).toEqual([]);
  });

  it('`ops forget` with no gateway running: an offline `ops rebuild` (or the next start) takes the guest out of read-models.sqlite', async () => {
    await ok(visitor.post('/api/reservations', { ...reservationBody, ...third, time: '13:00' }), 201);
    await notificationsOf(t!.runtime)!.idle();
    await t!.close();
    t = undefined;
    needles = needlesOf(third);
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    expect(await forgetCommand([third.email], features, { env, print: () => undefined })).toBe(0);
    expect(Object.keys(byteSearch(dataDir)), 'only the read models, until they are rebuilt').toEqual(['read-models.sqlite']);
    expect(await rebuildCommand([], { env, print: () => undefined })).toBe(0);
    expect(rowsMentioning(), 'read-model rows').toEqual([]);
    expect(byteSearch(dataDir), 'after ops rebuild').toEqual({});
    await start({ SMTP_URL: smtp.url });
    expect((await admin.get('/api/reservations')).body).not.toContain(third.email);
    expect(byteSearch(dataDir), 'gateway on the rebuilt models').toEqual({});
  });

  it('`ops forget` with no gateway running: the next start takes the guest out of read-models.sqlite by itself', async () => {
    await ok(visitor.post('/api/reservations', { ...reservationBody, ...fourth, time: '14:00' }), 201);
    await notificationsOf(t!.runtime)!.idle();
    await t!.close();
    t = undefined;
    needles = needlesOf(fourth);
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    expect(await forgetCommand([fourth.email], features, { env, print: () => undefined })).toBe(0);
    expect(Object.keys(byteSearch(dataDir))).toEqual(['read-models.sqlite']);
    await start({ SMTP_URL: smtp.url });
    expect(rowsMentioning(), 'read-model rows').toEqual([]);
    expect(byteSearch(dataDir), 'started gateway').toEqual({});
  });
});

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
