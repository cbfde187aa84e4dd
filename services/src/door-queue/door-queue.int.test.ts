import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PERSONAL_DATA_ERASED,
  QUEUE_CONTACT_MESSAGE,
  QUEUE_PARTY_NOT_FOUND,
  SMS_NOT_CONFIGURED,
  tableReadyText,
  type DoorQueueOut,
  type DoorQueuePartyOut,
  type FloorInput,
} from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { signInAdmin } from '../../test/auth.js';
import { appendDirectly, createTestApp } from '../../test/test-app.js';
import { features } from '../features.js';
import { client } from '../../test/booking-test-kit.js';
import { mailsTo, outboxMails } from '../../test/outbox.js';
import { doorQueueProjection, type DoorQueueDoc } from './door-queue-projection.js';
import { messageStream } from './message-claims.js';

/** Wednesday 2026-11-18, 7:10 PM in Chicago: the café seats walk-ins (at the 7:00 PM slot). */
const EVENING = '2026-11-19T01:10:00.000Z';
const TODAY = '2026-11-18';
const CAFE = 'Meeple Haven Café';

/** Two two-tops, a four-top, and a six-top on the patio. */
const FLOOR: FloorInput = {
  areas: [
    {
      name: 'Main room',
      tables: [
        { name: '1', minSeats: 1, maxSeats: 2, online: true },
        { name: '2', minSeats: 1, maxSeats: 2, online: true },
        { name: '3', minSeats: 3, maxSeats: 4, online: true },
      ],
    },
    { name: 'Patio', tables: [{ name: '7', minSeats: 4, maxSeats: 6, online: false }] },
  ],
};

// A stand-in SMS provider on loopback: every text the app posts.
const texts: { to: string; text: string; auth: string | undefined }[] = [];
const provider = createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
  req.on('end', () => {
    const body = JSON.parse(raw) as { to: string; text: string };
    texts.push({ to: body.to, text: body.text, auth: req.headers.authorization });
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"SM1"}');
  });
});
await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));
const SMS = {
  SMS_API_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/messages`,
  SMS_API_TOKEN: 'door-queue-test-token',
  SMS_FROM: '+12625550100',
};

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('not within 5 s');
}

describe('the door queue: staff routes, the guest page, messages, forget', () => {
  const suite = useAdminApp({ now: EVENING, env: SMS });
  const { t } = suite;
  const admin = client(t, { headers: suite.admin });
  const visitor = client(t);
  const add = async (body: object, headers?: Record<string, string>) => {
    const res = await admin.post('/api/admin/door-queue', body, headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<DoorQueuePartyOut & { token: string; link: string }>();
  };
  const list = async () => (await admin.get('/api/admin/door-queue')).json<DoorQueueOut>();
  const doc = (id: string) => t.runtime.documents.collection<DoorQueueDoc>(doorQueueProjection.name).get(id);
  /** Every message the party's events asked for has gone out (or was skipped): claimed is not yet sent. */
  const settled = (id: string) =>
    eventually(
      () => doc(id),
      (d) => !!d && Object.values(d.messages).every((m) => m.state !== 'pending' && m.state !== 'claimed'),
    );

  it('given no session, when the queue is read or added to, then 401', async () => {
    expect((await visitor.get('/api/admin/door-queue')).statusCode).toBe(401);
    expect((await visitor.post('/api/admin/door-queue', { name: 'Ana', phone: '2625550123', partySize: 2 })).statusCode).toBe(401);
  });

  it('given no phone and no e-mail, when staff add a party, then 400 with the contract’s message', async () => {
    const res = await admin.post('/api/admin/door-queue', { name: 'Nobody', partySize: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(QUEUE_CONTACT_MESSAGE);
  });

  it('given no floor, when a couple is added, then it is quoted from the seats: no wait, first in line', async () => {
    const party = await add({ name: 'Seats Only', email: 'seats@example.com', partySize: 2 });
    expect(party).toMatchObject({ status: 'waiting', quotedMinutes: 0, estimateMinutes: 0, position: 1, tables: [] });
    const gone = await admin.post(`/api/admin/door-queue/${party.id}/gone`, {});
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toMatchObject({ status: 'gone', position: null });
  });

  it('given a floor with both two-tops seated at 7:10 PM until 8:40 PM (their stay from when they sat down), when a couple and a four are added, then the couple is quoted 90 minutes and the four none; the guest page shows place and estimate', async () => {
    expect((await suite.send('PUT', '/api/admin/floor', FLOOR)).statusCode).toBe(200);
    for (const table of ['1', '2'])
      expect((await admin.post('/api/admin/walk-ins', { partySize: 2, tables: [table] })).statusCode).toBe(201);

    const ana = await add({ name: 'Ana', phone: '(262) 555-0123', partySize: 2, note: 'red scarf by the bar' });
    expect(ana).toMatchObject({ quotedMinutes: 90, estimateMinutes: 90, position: 1, note: 'red scarf by the bar' });
    expect(ana.link).toBe(`${t.config.publicUrl}/queue/${ana.token}`);
    expect(ana).not.toHaveProperty('notice');
    const ben = await add({ name: 'Ben', email: 'ben@example.com', partySize: 4 });
    expect(ben).toMatchObject({ quotedMinutes: 0, position: 2 });

    const page = await visitor.get(`/api/door-queue/${ana.token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toMatchObject({ id: ana.id, name: 'Ana', position: 1, estimateMinutes: 90, status: 'waiting' });
    expect(page.body).not.toMatch(/555|scarf|@/);
    expect((await visitor.get(`/api/door-queue/${ana.token.slice(0, -1)}x`)).statusCode).toBe(404);

    // "You're on the list": Ana by text (she gave a phone), Ben by mail with his link.
    await settled(ana.id);
    await settled(ben.id);
    expect(texts).toEqual([
      expect.objectContaining({
        to: '+12625550123',
        auth: 'Bearer door-queue-test-token',
        text: expect.stringContaining('about 90 minutes'),
      }),
    ]);
    const mail = mailsTo(await outboxMails(t.dataDir), 'ben@example.com').find((m) => m.subject === `You're on the list at ${CAFE}`);
    expect(mail?.text).toContain(ben.link);
    // Quoted none: a table is free now, not "about 0 minutes".
    expect(mail?.text).toContain('A table is free for you now.');
    expect(mail?.text).not.toContain('about 0 minutes');
    // The list carries the server's clock for the staff's hold timers.
    expect((await list()).now).toBe(EVENING);
  });

  it('given the queue, when staff send "Table ready" to the four at table 3 and seat them, then a mail, a walk-in booking at 3, and the list live', async () => {
    const ben = (await list()).parties.find((p) => p.name === 'Ben')!;
    const ready = await admin.post(`/api/admin/door-queue/${ben.id}/ready`, { tables: ['3'] });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', tables: ['3'], position: null });
    expect(ready.json().readyUntil).toBe(new Date(Date.parse(EVENING) + 10 * 60_000).toISOString());
    await settled(ben.id);
    const mail = mailsTo(await outboxMails(t.dataDir), 'ben@example.com').find((m) => m.subject === `Your table at ${CAFE} is ready`);
    expect(mail?.text?.trim()).toBe(tableReadyText('Ben', CAFE, 10));

    // They come to the host stand 12 minutes after they were added.
    t.clock.set(new Date(Date.parse(EVENING) + 12 * 60_000).toISOString());
    const seated = await admin.post(`/api/admin/door-queue/${ben.id}/seat`, {});
    expect(seated.statusCode, seated.body).toBe(200);
    expect(seated.json()).toMatchObject({ status: 'seated', tables: ['3'], bookingId: expect.any(String) });
    const arrivals = (await admin.get(`/api/admin/arrivals?date=${TODAY}`)).json<{
      bookings: { id: string; walkIn: boolean; status: string }[];
    }>();
    expect(arrivals.bookings).toContainEqual({ kind: 'reservation', id: seated.json().bookingId, status: 'seated', walkIn: true });
    // Seat pressed again: the same booking, nothing more.
    const again = await admin.post(`/api/admin/door-queue/${ben.id}/seat`, {});
    expect(again.json().bookingId).toBe(seated.json().bookingId);
  });

  it('given Ana waiting, when "Table ready" is sent, then a text; when she is marked gone, seating her is refused', async () => {
    const ana = (await list()).parties.find((p) => p.name === 'Ana')!;
    expect((await admin.post(`/api/admin/door-queue/${ana.id}/ready`, {})).statusCode).toBe(200);
    await settled(ana.id);
    expect(texts.at(-1)).toMatchObject({ to: '+12625550123', text: tableReadyText('Ana', CAFE, 10) });
    expect((await admin.post(`/api/admin/door-queue/${ana.id}/gone`, {})).json()).toMatchObject({ status: 'gone' });
    const seat = await admin.post(`/api/admin/door-queue/${ana.id}/seat`, {});
    expect(seat.statusCode).toBe(404);
    expect(seat.json().message).toBe(QUEUE_PARTY_NOT_FOUND);
    expect((await admin.post('/api/admin/door-queue/no-such-party/gone', {})).statusCode).toBe(404);
  });

  it('given Add pressed twice with one Idempotency-Key, then one party', async () => {
    const key = { 'idempotency-key': 'b3f1c0de-4a2b-4c1d-9e8f-0123456789ab' };
    const first = await add({ name: 'Cleo', email: 'cleo@example.com', partySize: 2 }, key);
    const second = await add({ name: 'Cleo', email: 'cleo@example.com', partySize: 2 }, key);
    expect(second.id).toBe(first.id);
    expect((await list()).parties.filter((p) => p.name === 'Cleo')).toHaveLength(1);
  });

  it('given Ben seated from the queue, when staff forget ben@example.com, then his name and contact are erased and the counts stay', async () => {
    const before = await list();
    const res = await admin.post('/api/admin/privacy/forget', { email: 'ben@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().records).toMatchObject({ doorQueueParties: 1 });
    const after = await list();
    expect(after.parties).toHaveLength(before.parties.length);
    const ben = after.parties.find((p) => p.id === before.parties.find((b) => b.name === 'Ben')!.id)!;
    expect(ben).toMatchObject({ name: PERSONAL_DATA_ERASED, partySize: 4, status: 'seated', note: null });
    const stored = await doc(ben.id);
    expect(stored).toMatchObject({ email: '', phone: '', erased: true });
    // Ana (another guest of the same day's queue) keeps hers.
    expect(after.parties.find((p) => p.name === 'Ana')).toBeDefined();
    // Forget again: nothing more to erase.
    expect((await admin.post('/api/admin/privacy/forget', { email: 'ben@example.com' })).json().records).toMatchObject({
      doorQueueParties: 0,
    });
  });

  it('given the evening, when staff read the day’s report, then the door queue waited against its quotes and who walked away', async () => {
    const res = await admin.get(`/api/admin/reports?from=${TODAY}&to=${TODAY}`);
    expect(res.statusCode, res.body).toBe(200);
    // Seats Only and Ana gone, Ben seated 12 minutes after being quoted none, Cleo still waiting; no evening waitlist offers.
    expect(res.json().waitlists).toEqual({
      offers: { made: 0, taken: 0, rate: null },
      doorQueue: {
        parties: 4,
        seated: 1,
        walkedAway: 2,
        walkedAwayRate: 2 / 3,
        waited: { averageMinutes: 12, medianMinutes: 12 },
        quoted: { averageMinutes: 0, medianMinutes: 0 },
        overQuote: { averageMinutes: 12, medianMinutes: 12 },
      },
    });
    const csv = await admin.get(`/api/admin/reports/waitlists.csv?from=${TODAY}&to=${TODAY}`);
    expect(csv.body).toContain('door_queue_walked_away,2');
  });

  it('given no table fits before the last seating, when a party of twelve is added, then it is told no table tonight, not a wait past closing', async () => {
    const big = await add({ name: 'Dozen', email: 'dozen@example.com', partySize: 12 });
    expect(big).toMatchObject({ noTableTonight: true });
    expect((await list()).parties.find((p) => p.id === big.id)).toMatchObject({ noTableTonight: true });
    await settled(big.id);
    const mail = mailsTo(await outboxMails(t.dataDir), 'dozen@example.com').find((m) => m.subject === `You're on the list at ${CAFE}`);
    expect(mail?.text).toContain('no table is likely to free up before our last seating tonight');
    expect(mail?.text).not.toContain('Estimated wait');
  });
});

describe('the door queue’s messages across a restart (at most once)', () => {
  it('given a message claimed when the process stopped (mid-send) and one never claimed, when the service starts again (twice), then the first is never sent and the second once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'door-queue-restart-'));
    // The first process runs without the outbox: what it appends waits for the next start.
    const withoutOutbox = features.map((f) => (f.name === 'door-queue' ? { ...f, start: undefined } : f));
    const first = await createTestApp({ now: EVENING, dataDir, features: withoutOutbox });
    const staff = client(first, await signInAdmin(first));
    const added = async (name: string) => {
      const body = { name, phone: '(262) 555-0142', email: `${name.toLowerCase()}@example.com`, partySize: 2 };
      const res = await staff.post('/api/admin/door-queue', body);
      expect(res.statusCode, res.body).toBe(201);
      // No SMS set up here: staff are told the messages go by e-mail.
      expect(res.json().notice).toBe(SMS_NOT_CONFIGURED);
      return res.json<{ id: string }>().id;
    };
    const [stopped, waiting] = [await added('Stopped'), await added('Waiting')];
    const queue = first.runtime.documents.collection<DoorQueueDoc>(doorQueueProjection.name);
    const [messageId] = Object.keys((await queue.get(stopped))!.messages);
    // As if a runner had claimed it and the process stopped before the mail went out.
    await appendDirectly(first, messageStream(messageId!), {
      type: 'GuestMessageClaimed',
      data: { date: TODAY, partyId: stopped, messageId: messageId!, kind: 'queued', channel: 'mail' },
    });
    await first.close();

    for (let start = 0; start < 2; start++) {
      const again = await createTestApp({ now: EVENING, dataDir });
      const docs = again.runtime.documents.collection<DoorQueueDoc>(doorQueueProjection.name);
      await eventually(
        () => docs.get(waiting),
        (d) => Object.values(d!.messages).every((m) => m.state === 'sent'),
      );
      await again.close();
    }
    const mails = await outboxMails(dataDir);
    expect(mailsTo(mails, 'waiting@example.com')).toHaveLength(1);
    expect(mailsTo(mails, 'stopped@example.com')).toHaveLength(0);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
