import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPEN_TABLE_FULL,
  PERSONAL_DATA_ERASED,
  tooManySharedMessage,
  type AdminOpenTables,
  type ForgetResult,
  type HostOpenTable,
  type PublicOpenTables,
} from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { mailsTo, manageLinkOf, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';

const DATE = reservationBody.date;
/** Ada books for 3 and shares 2 seats (a reservation for n shares at most n − 1). */
const host = { ...reservationBody, name: 'Ada Byron Lovelace', email: 'ada.host@example.com', partySize: 3, time: '19:00' };
const joiner = (n: number) => ({ name: `Joiner Number${n}`, email: `joiner${n}@example.com`, partySize: 1 });

let t: TestApp;
let admin: Client;
let visitor: Client;
let token = '';
let tableId = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = client(t, await signInAdmin(t, 'owner@example.com'));
  visitor = client(t);
  const res = await visitor.post('/api/reservations', host);
  expect(res.statusCode, res.body).toBe(201);
  await notificationsOf(t.runtime)!.idle();
  const link = manageLinkOf(mailsTo(await outboxMails(t.dataDir), host.email).at(-1)!);
  token = new URL(link!).searchParams.get('token')!;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const listing = async () => {
  const res = await visitor.get(`/api/open-tables?date=${DATE}`);
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, json: res.json() as PublicOpenTables };
};
const ask = (n: number) => visitor.post(`/api/open-tables/${tableId}/join-requests`, joiner(n));
const hostView = async () => (await visitor.get(`/api/open-tables/host/${token}`)).json() as HostOpenTable;
const put = (body: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/open-tables/host/${token}`, payload: body as object, headers: { origin: t.config.publicUrl } });

describe('open tables', () => {
  it('the host opens their table through their booking link; sharing every seat is refused', async () => {
    const tooMany = await put({ game: 'Catan', seats: 3 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(tooManySharedMessage(3));
    const res = await put({ game: 'Catan or anything co-op', seats: 2 });
    expect(res.statusCode, res.body).toBe(200);
    tableId = res.json().id;
    expect((await put({ game: 'Catan', seats: 2 })).statusCode).toBe(200);
    expect((await visitor.get('/api/open-tables/host/not-a-token')).statusCode).toBe(403);
  });

  it('the public listing shows the host’s first name only: no surname, e-mail, phone or reservation id', async () => {
    const { body, json } = await listing();
    expect(json.tables).toEqual([{ id: tableId, date: DATE, time: '19:00', hostFirstName: 'Ada', game: 'Catan', seats: 2, seatsLeft: 2 }]);
    for (const secret of ['Lovelace', 'Byron', host.email, host.phone, '555-0100']) expect(body).not.toContain(secret);
    const reservations = (await admin.get('/api/reservations')).json() as { id: string }[];
    for (const { id } of reservations) expect(body).not.toContain(id);
  });

  it('2 shared seats: three visitors ask at once, host and staff accept all three at once: two are in, the third is refused', async () => {
    const asked = await Promise.all([1, 2, 3].map(ask));
    for (const res of asked) expect(res.statusCode, res.body).toBe(201);
    const ids = asked.map((res) => (res.json() as { id: string }).id);
    // The host's link and staff answer at the same moment.
    const answers = await Promise.all(
      ids.map((id, i) =>
        i % 2 === 0
          ? visitor.post(`/api/open-tables/host/${token}/requests/${id}`, { answer: 'accept' })
          : admin.post(`/api/admin/open-tables/${tableId}/requests/${id}`, { answer: 'accept' }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort(), answers[0]!.body).toEqual([200, 200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toBe(OPEN_TABLE_FULL);
    const view = await hostView();
    expect(view.table!.requests.filter((r) => r.status === 'accepted')).toHaveLength(2);
    expect(JSON.stringify(view)).not.toContain('joiner1@example.com');
    expect((await listing()).json.tables[0]).toMatchObject({ seats: 2, seatsLeft: 0 });
  });

  it('a full table refuses a new request, also when many come at once', async () => {
    const res = await Promise.all([4, 5, 6, 7].map(ask));
    for (const r of res) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(OPEN_TABLE_FULL);
    }
  });

  it('mails the host each request with their link, and the joiners the answer', async () => {
    await notificationsOf(t.runtime)!.idle();
    const mails = await outboxMails(t.dataDir);
    const toHost = mailsTo(mails, host.email).filter((m) => m.subject?.includes('asks to join'));
    expect(toHost).toHaveLength(3);
    expect(toHost[0]!.text).toContain(`/open-tables/host?token=${token}`);
    const answered = [1, 2, 3].flatMap((n) => mailsTo(mails, `joiner${n}@example.com`));
    expect(answered.map((m) => m.subject).filter((s) => s?.startsWith('You are in'))).toHaveLength(2);
  });

  it('forget of a joiner: no answer or read model holds their name or e-mail; the seats stay taken', async () => {
    const before = (await admin.get(`/api/admin/open-tables?date=${DATE}`)).json() as AdminOpenTables;
    const accepted = before.tables[0]!.requests.find((r) => r.status === 'accepted')!;
    const forgotten = { name: accepted.name, email: accepted.email };
    const res = await admin.post('/api/admin/privacy/forget', { email: forgotten.email });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ForgetResult).records).toMatchObject({ openTableRequests: 1 });

    const after = (await admin.get(`/api/admin/open-tables?date=${DATE}`)).json() as AdminOpenTables;
    expect(after.tables[0]!.requests.find((r) => r.id === accepted.id)).toMatchObject({
      name: PERSONAL_DATA_ERASED,
      email: '',
      status: 'accepted',
    });
    expect(after.tables[0]).toMatchObject({ seatsLeft: 0 });
    const answers = [
      (await admin.get(`/api/admin/open-tables?date=${DATE}`)).body,
      (await visitor.get(`/api/open-tables/host/${token}`)).body,
      (await listing()).body,
      (await admin.get('/api/admin/system/events?limit=500')).body,
    ];
    const models: string[] = [];
    for (const name of t.runtime.engine!.projectionNames())
      models.push(JSON.stringify(await t.runtime.documents.collection(name).find({})));
    for (const text of [...answers, ...models]) {
      expect(text).not.toContain(forgotten.email);
      expect(text).not.toContain(forgotten.name);
    }
    // The other joiner is intact, and a second forget erases nothing twice.
    expect(JSON.stringify(after)).toMatch(/joiner\d@example\.com/);
    const again = await admin.post('/api/admin/privacy/forget', { email: forgotten.email });
    expect((again.json() as ForgetResult).records).toMatchObject({ openTableRequests: 0 });
  });

  it('the host closes the table: the joiners in or waiting are told by mail, with the host’s first name only', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/open-tables/host/${token}`, headers: { origin: t.config.publicUrl } });
    expect(res.statusCode, res.body).toBe(200);
    await notificationsOf(t.runtime)!.idle();
    const mails = await outboxMails(t.dataDir);
    const told = [1, 2, 3].flatMap((n) => mailsTo(mails, `joiner${n}@example.com`)).filter((m) => m.subject?.includes('closed'));
    expect(told).toHaveLength(2); // the accepted one not forgotten, and the one still waiting (its accept was refused)
    expect(told[0]!.text).toContain('Ada');
    expect(told[0]!.text).not.toContain('Lovelace');
    expect(told[0]!.text).not.toContain(host.email);
    // Opened again for the next test.
    expect((await put({ game: 'Catan', seats: 2 })).statusCode).toBe(200);
  });

  it('a cancelled reservation takes its table off the listing and refuses requests', async () => {
    const { reservationId } = ((await admin.get(`/api/admin/open-tables?date=${DATE}`)).json() as AdminOpenTables).tables[0]!;
    expect((await admin.delete(`/api/reservations/${reservationId}`)).statusCode).toBe(200);
    expect((await listing()).json.tables).toEqual([]);
    expect((await ask(9)).statusCode).toBe(409);
  });
});
