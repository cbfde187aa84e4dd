import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_UPDATES_NOT_ACCEPTABLE, LIVE_UPDATES_PATH, liveNoticeSchema, type LiveNotice } from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signIn, signInAdmin, type SignedIn } from '../../test/auth.js';
import { client, partyBody, reservationBody } from '../../test/booking-test-kit.js';
import { features } from '../features.js';
import { ProjectionEngine } from '../platform/projections/projection-engine.js';
import { allProjections } from '../platform/runtime/runtime.js';
import { liveUpdatesFeature } from './live-updates-feature.js';
import { mailsTo, manageLinkOf, outboxMails } from '../../test/outbox.js';
import { notificationsOf } from '../notifications/index.js';

/** A test's own features: the live stream with a heartbeat every 50 ms instead of 20 s. */
const withFastHeartbeat = features.map((f) => (f.name === 'live-updates' ? liveUpdatesFeature({ heartbeatMs: 50 }) : f));

interface SseMessage {
  event: string;
  id?: string;
  data: string;
}

/** An EventSource as a browser opens it: real HTTP on the listening app, with the staff's cookie. */
class SseClient {
  raw = '';
  messages: SseMessage[] = [];
  ended: Promise<void>;
  private response!: IncomingMessage;
  private constructor(private readonly done: Promise<void>) {
    this.ended = done;
  }

  static open(baseUrl: string, cookie: string): Promise<{ client: SseClient; status: number; headers: IncomingMessage['headers'] }> {
    return new Promise((resolve, reject) => {
      let finish!: () => void;
      const sse = new SseClient(new Promise<void>((r) => (finish = r)));
      const req = request(`${baseUrl}${LIVE_UPDATES_PATH}`, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
        sse.response = res;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => sse.receive(chunk));
        res.on('end', finish);
        res.on('close', finish);
        resolve({ client: sse, status: res.statusCode ?? 0, headers: res.headers });
      });
      req.on('error', reject);
      req.end();
    });
  }

  private buffer = '';
  private receive(chunk: string) {
    this.raw += chunk;
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => !line.startsWith(':') && line.includes(': '))
          .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
      );
      if (fields.data !== undefined) this.messages.push({ event: fields.event ?? 'message', id: fields.id, data: fields.data });
    }
  }

  async next(event: string, after = 0, timeoutMs = 3000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(after).find((m) => m.event === event);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no '${event}' within ${timeoutMs} ms; received:\n${this.raw}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  notices(): LiveNotice[] {
    return this.messages.filter((m) => m.event === 'bookings-changed').map((m) => liveNoticeSchema.parse(JSON.parse(m.data)));
  }

  close() {
    this.response.destroy();
  }
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms))]);

describe('GET /api/admin/live-updates (the dashboard live stream)', () => {
  let t: TestApp;
  let admin: SignedIn;
  let baseUrl: string;
  const open: SseClient[] = [];
  const openStream = async () => {
    const opened = await SseClient.open(baseUrl, admin.cookie);
    open.push(opened.client);
    return opened;
  };

  beforeAll(async () => {
    t = await createTestApp({ features: withFastHeartbeat });
    admin = await signInAdmin(t);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t.close();
  });

  it('answers 401 to nobody and 403 to a signed-in non-admin, as JSON like every staff route', async () => {
    const guest = await signIn(t, 'guest@example.com');
    const anonymous = await t.app.inject({ method: 'GET', url: LIVE_UPDATES_PATH, headers: { accept: 'text/event-stream' } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please sign in' });
    const nonAdmin = await t.app.inject({
      method: 'GET',
      url: LIVE_UPDATES_PATH,
      headers: { ...guest.headers, accept: 'text/event-stream' },
    });
    expect(nonAdmin.statusCode).toBe(403);
    expect(nonAdmin.json().message).toBe('Access denied. Your email is not authorized for admin access.');
    // Over real HTTP too: the refusal is a finished JSON answer, not a stream.
    const overHttp = await SseClient.open(baseUrl, guest.cookie);
    await overHttp.client.ended;
    expect(overHttp.status).toBe(403);
    expect(overHttp.headers['content-type']).toContain('application/json');
  });

  it('answers 406 with a message to staff whose request does not accept an event stream', async () => {
    const res = await t.app.inject({ method: 'GET', url: LIVE_UPDATES_PATH, headers: admin.headers });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({ message: LIVE_UPDATES_NOT_ACCEPTABLE });
  });

  it('sends a notice once the read models hold a public booking, with no personal data in it', async () => {
    const { client: sse, status, headers } = await openStream();
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    // Like every staff answer: never kept by a cache on the way.
    expect(headers['cache-control']).toBe('no-store');
    const ready = await sse.next('ready');
    const from = BigInt(JSON.parse(ready.data).position);

    const booked = await client(t).post('/api/reservations', reservationBody);
    expect(booked.statusCode, booked.body).toBe(201);
    const message = await sse.next('bookings-changed');
    const notice = liveNoticeSchema.parse(JSON.parse(message.data));
    expect(notice.changes).toEqual([{ kind: 'reservation', change: 'created', by: 'visitor', count: 1 }]);
    expect(notice.readModels).toEqual([
      'booking_history',
      'booking_search',
      'booking_visits',
      'bookings_calendar',
      'floor_guests',
      'report_arrivals',
      'report_bookings_made',
      'reservation_games',
      'reservations',
    ]);
    const head = await t.runtime.eventStore.headPosition();
    expect(BigInt(notice.position)).toBeGreaterThan(from);
    expect(BigInt(notice.position)).toBeLessThanOrEqual(head);
    expect(message.id).toBe(notice.position);
    // By the time the notice is sent, the list it points at already shows the booking.
    const list = await client(t, admin).get('/api/reservations');
    expect(list.body).toContain(reservationBody.email);
    for (const secret of [reservationBody.name, reservationBody.email, reservationBody.phone, reservationBody.specialRequests, 'Ada']) {
      expect(sse.raw).not.toContain(secret);
    }
  });

  it("says 'changed' for staff edits and tells party bookings and blocked dates apart", async () => {
    const { client: sse } = await openStream();
    await sse.next('ready');
    const staff = client(t, admin);
    const party = await client(t).post('/api/party-bookings', partyBody);
    expect(party.statusCode, party.body).toBe(201);
    await sse.next('bookings-changed');
    const seen = sse.messages.length;
    const { id } = party.json() as { id: string };
    expect((await staff.patch(`/api/party-bookings/${id}/approve`, { status: 'approved' }, { 'if-match': '"0"' })).statusCode).toBe(200);
    await sse.next('bookings-changed', seen);
    expect((await staff.post('/api/admin/blocked-dates', { date: '2026-12-31', reason: 'New Year' })).statusCode).toBe(201);
    await expect.poll(() => sse.notices().length, { timeout: 3000 }).toBe(3);
    const [created, approved, blocked] = sse.notices().map((n) => n.changes);
    expect(created).toEqual([{ kind: 'party', change: 'created', by: 'visitor', count: 1 }]);
    expect(approved).toEqual([{ kind: 'party', change: 'changed', by: 'admin', count: 1 }]);
    expect(blocked).toEqual([{ kind: 'blocked-date', change: 'created', by: 'admin', count: 1 }]);
    expect(sse.raw).not.toContain(partyBody.email);
    expect(sse.raw).not.toContain(admin.cookie);
    expect(sse.raw).not.toContain('owner@example.com');
  });

  it("tells staff of a guest's own change and cancellation through the booking's link, by 'guest', with no personal data", async () => {
    const { client: sse } = await openStream();
    await sse.next('ready');
    const email = 'gwen.live@example.com';
    const visitor = client(t);
    const booked = await visitor.post('/api/reservations', { ...reservationBody, email, time: '12:30' });
    expect(booked.statusCode, booked.body).toBe(201);
    await notificationsOf(t.runtime)!.idle();
    const link = manageLinkOf(mailsTo(await outboxMails(t.dataDir), email)[0]!)!;
    const api = `/api/guest-bookings/${new URL(link).searchParams.get('token')}`;
    await sse.next('bookings-changed');

    let seen = sse.messages.length;
    expect((await visitor.patch(api, { time: '14:00' })).statusCode).toBe(200);
    const changed = liveNoticeSchema.parse(JSON.parse((await sse.next('bookings-changed', seen)).data));
    expect(changed.changes).toEqual([{ kind: 'reservation', change: 'changed', by: 'guest', count: 1 }]);
    expect(changed.readModels).toContain('reservations');

    seen = sse.messages.length;
    expect((await visitor.delete(api)).statusCode).toBe(200);
    const cancelled = liveNoticeSchema.parse(JSON.parse((await sse.next('bookings-changed', seen)).data));
    expect(cancelled.changes).toEqual([{ kind: 'reservation', change: 'cancelled', by: 'guest', count: 1 }]);
    expect(sse.raw).not.toContain(email);
    expect(sse.raw).not.toContain(reservationBody.name);
  });

  it('sends heartbeat comments while nothing changes', async () => {
    const { client: sse } = await openStream();
    await sse.next('ready');
    await expect.poll(() => (sse.raw.match(/^: heartbeat$/gm) ?? []).length, { timeout: 2000 }).toBeGreaterThanOrEqual(2);
  });
});

describe('live updates when the app shuts down', () => {
  it('app.close() ends the open streams and does not hang', async () => {
    const t = await createTestApp();
    try {
      const admin = await signInAdmin(t);
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const streams = await Promise.all([SseClient.open(baseUrl, admin.cookie), SseClient.open(baseUrl, admin.cookie)]);
      for (const s of streams) await s.client.next('ready');
      const started = Date.now();
      await within(t.app.close(), 3000, 'app.close() with two open streams');
      expect(Date.now() - started).toBeLessThan(3000);
      await within(Promise.all(streams.map((s) => s.client.ended)), 1000, 'the streams ending');
    } finally {
      await t.close();
    }
  });
});

describe('live updates when a client leaves', () => {
  it('stops following the event store once the last open stream is closed by its client', async () => {
    const t = await createTestApp();
    try {
      const store = t.runtime.eventStore;
      const subscribe = store.subscribeToAll.bind(store);
      const counts = { opened: 0, closed: 0 };
      // Counted on the runtime's own store, which the live stream follows.
      store.subscribeToAll = (handler, options) => {
        counts.opened++;
        const subscription = subscribe(handler, options);
        return { close: () => subscription.close().finally(() => counts.closed++) };
      };
      const admin = await signInAdmin(t);
      const before = counts.opened;
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const [a, b] = await Promise.all([SseClient.open(baseUrl, admin.cookie), SseClient.open(baseUrl, admin.cookie)]);
      await a!.client.next('ready');
      await b!.client.next('ready');
      expect(counts.opened - before).toBe(1);
      a!.client.close();
      await new Promise((r) => setTimeout(r, 200));
      expect(counts.closed).toBe(0);
      b!.client.close();
      await expect.poll(() => counts.closed, { timeout: 2000 }).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe('live updates beside the real servers: the projector is another process', () => {
  it('announces a booking only once the projector has put it in the read models', async () => {
    // The gateway as with STORE=eventstoredb: it runs no projections and reads the projector's checkpoints.
    const t = await createTestApp({ runProjections: false });
    const projector = () => new ProjectionEngine(t.runtime.eventStore, t.runtime.documents, allProjections(t.runtime.features));
    let running = projector();
    try {
      await running.start();
      const admin = await signInAdmin(t);
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { client: sse } = await SseClient.open(baseUrl, admin.cookie);
      await sse.next('ready');
      await running.stop();
      // Stored while the projector is down: appended directly, as the command would before waiting.
      await t.runtime.eventStore.appendToStream('reservation-live-1', [
        {
          type: 'ReservationRequested',
          data: { ...reservationBody, reservationId: 'live-1', source: 'public' },
          metadata: { occurredAt: new Date().toISOString(), actor: { kind: 'visitor' }, correlationId: 'c', causationId: 'c' },
        },
      ]);
      await new Promise((r) => setTimeout(r, 400));
      expect(sse.notices()).toEqual([]);
      running = projector();
      await running.start();
      const notice = liveNoticeSchema.parse(JSON.parse((await sse.next('bookings-changed', 0, 5000)).data));
      expect(notice.changes).toEqual([{ kind: 'reservation', change: 'created', by: 'visitor', count: 1 }]);
      expect((await t.runtime.documents.collection('reservations').get('live-1')) !== null).toBe(true);
      sse.close();
    } finally {
      await t.app.close();
      await running.stop();
      await t.close();
    }
  });
});

describe('live updates while the projector is far behind', () => {
  it('holds a bounded number of changes; past it the stream ends, so the browser reconnects and refetches every list', async () => {
    // At most 2 changes held here (1000 by default): the projector is down while 5 bookings are stored.
    const bounded = features.map((f) => (f.name === 'live-updates' ? liveUpdatesFeature({ heartbeatMs: 50, maxPending: 2 }) : f));
    const t = await createTestApp({ runProjections: false, features: bounded });
    const projector = () => new ProjectionEngine(t.runtime.eventStore, t.runtime.documents, allProjections(t.runtime.features));
    let running = projector();
    try {
      await running.start();
      const admin = await signInAdmin(t);
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { client: sse } = await SseClient.open(baseUrl, admin.cookie);
      await sse.next('ready');
      await running.stop();
      for (let i = 1; i <= 5; i++) {
        await t.runtime.eventStore.appendToStream(`reservation-behind-${i}`, [
          {
            type: 'ReservationRequested',
            data: { ...reservationBody, reservationId: `behind-${i}`, source: 'public' },
            metadata: { occurredAt: new Date().toISOString(), actor: { kind: 'visitor' }, correlationId: `c${i}`, causationId: `c${i}` },
          },
        ]);
      }
      running = projector();
      await running.start();
      await within(sse.ended, 5000, 'the stream ending');
      // A notice of the 2 changes kept would have refetched only some lists: none is sent.
      expect(sse.notices()).toEqual([]);
    } finally {
      await t.app.close();
      await running.stop();
      await t.close();
    }
  });
});

describe('live updates when access ends', () => {
  /** Access is checked again every 100 ms here (the default is a few seconds). */
  const withFastRecheck = features.map((f) => (f.name === 'live-updates' ? liveUpdatesFeature({ heartbeatMs: 50, recheckMs: 100 }) : f));

  it('ends the stream of a session that signed out, and only that one', async () => {
    const t = await createTestApp({ features: withFastRecheck });
    try {
      const [leaving, staying] = [await signInAdmin(t), await signInAdmin(t)];
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const [gone, kept] = [await SseClient.open(baseUrl, leaving.cookie), await SseClient.open(baseUrl, staying.cookie)];
      await gone.client.next('ready');
      await kept.client.next('ready');
      const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: leaving.headers });
      expect(logout.statusCode).toBe(200);
      await within(gone.client.ended, 2000, 'the signed-out session’s stream ending');
      // Its cookie opens nothing any more, and the other session's stream goes on.
      expect((await SseClient.open(baseUrl, leaving.cookie)).status).toBe(401);
      const heartbeats = (kept.client.raw.match(/^: heartbeat$/gm) ?? []).length;
      await expect.poll(() => (kept.client.raw.match(/^: heartbeat$/gm) ?? []).length, { timeout: 2000 }).toBeGreaterThan(heartbeats + 2);
      kept.client.close();
    } finally {
      await t.close();
    }
  });

  it('ends the stream of an e-mail taken off the whitelist', async () => {
    const t = await createTestApp({ features: withFastRecheck });
    try {
      const [owner, manager] = [await signInAdmin(t, 'owner@example.com'), await signInAdmin(t, 'manager@example.com')];
      const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const [revoked, kept] = [await SseClient.open(baseUrl, manager.cookie), await SseClient.open(baseUrl, owner.cookie)];
      await revoked.client.next('ready');
      await kept.client.next('ready');
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/whitelist/${encodeURIComponent('manager@example.com')}`,
        headers: owner.headers,
      });
      expect(removed.statusCode).toBe(200);
      await within(revoked.client.ended, 2000, 'the revoked e-mail’s stream ending');
      expect((await SseClient.open(baseUrl, manager.cookie)).status).toBe(403);
      const heartbeats = (kept.client.raw.match(/^: heartbeat$/gm) ?? []).length;
      await expect.poll(() => (kept.client.raw.match(/^: heartbeat$/gm) ?? []).length, { timeout: 2000 }).toBeGreaterThan(heartbeats + 2);
      kept.client.close();
    } finally {
      await t.close();
    }
  });
});
