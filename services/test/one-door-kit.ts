import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { partyBody, reservationBody } from './booking-test-kit.js';
import type { TestApp } from './test-app.js';
import { guestLinks, signUpLinks } from '../src/guest-links/index.js';
import { generatedCollection } from '../src/game-library/bgg-csv-fixture.js';
import type { Tally } from './counting-event-store.js';

/**
 * What the one-door test's rows set up before the request they measure, through the API like a client
 * (nothing here is counted). Each call makes its own record (its own slot, title, e-mail), so rows share
 * one app without getting in each other's way.
 */
export type Send = (
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  as?: 'staff' | 'visitor',
) => Promise<LightMyRequestResponse>;

/** A body a route reads as multipart/form-data (an upload). */
export interface Multipart {
  multipart: Record<string, string | { data: Buffer; filename: string; type: string }>;
}

export async function multipartBody(parts: Multipart['multipart']) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

export const csv = () => ({ data: Buffer.from(generatedCollection(3)), filename: 'collection.csv', type: 'text/csv' });

export const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

/** The business info form, with the default hours: saving it changes no booking's day. */
export const BUSINESS_INFO_FORM = {
  name: 'Meeple Haven Café',
  description: 'Board games, pizza and good company.',
  address: '1200 Main St, Waukesha, WI 53186',
  phone: '(262) 555-0199',
  email: 'play@meeplehaven.test',
  website: 'https://meeplehaven.test',
  hours: 'Monday - Friday: 3:00 PM - 11:00 PM\nSaturday: 11:00 AM - 11:00 PM\nSunday: 11:00 AM - 8:00 PM',
  social_media: {},
};

/** Calls the app as staff (their session) or as a visitor (the site's origin only); uploads as multipart. */
export function oneDoorClient(t: () => TestApp, staff: () => Record<string, string>) {
  const send: Send = (method, url, body, as = 'staff') => {
    const headers = as === 'staff' ? staff() : { origin: t().config.publicUrl };
    return t().app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  };
  const call = async (row: Row, url: string, body: Body | undefined): Promise<LightMyRequestResponse> => {
    const [method] = row.route.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE'];
    if (body && 'multipart' in body) {
      const upload = await multipartBody((body as Multipart).multipart);
      return t().app.inject({ method, url, headers: { ...staff(), 'content-type': upload.contentType }, payload: upload.payload });
    }
    return send(method, url, body, row.as);
  };
  return { send, call };
}

/** Saturdays and their slots: each booking a row makes has its own (4 guests each, far below a slot's seats). */
const SLOTS = ['2026-11-21', '2026-11-28', '2026-12-05'].flatMap((date) =>
  ['11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00'].map((time) => ({ date, time })),
);

/** Numbers the records rows make: titles, e-mails and slots never repeat within a run. */
let n = 0;

export function oneDoorKit(t: () => TestApp, send: Send) {
  const next = () => ++n;
  const ok = async (res: Promise<LightMyRequestResponse>) => {
    const answer = await res;
    if (answer.statusCode >= 300) throw new Error(`setup: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
    return answer.json<Record<string, unknown> & { id: string; version?: number }>();
  };
  const links = () => guestLinks(t().config);

  return {
    next,
    ok,
    send,
    /** A guest's reservation (its own slot), with the guest link its mail carries. */
    async reservation(extra: Record<string, unknown> = {}) {
      const i = next();
      const slot = SLOTS[i % SLOTS.length]!;
      const body = { ...reservationBody, ...slot, email: `r${i}@example.com`, ...extra };
      const { id, version } = await ok(send('POST', '/api/reservations', body, 'visitor'));
      const token = links().sign('reservation', id, String(body.date), t().config.zone);
      return { id, version: version!, token, date: String(body.date), email: body.email };
    },
    async party(on?: string) {
      const i = next();
      const date = on ?? ['2026-11-28', '2026-12-05', '2026-12-12'][i % 3]!;
      const time = ['17:00', '18:00', '19:00'][Math.floor(i / 3) % 3]!;
      const { id, version } = await ok(
        send('POST', '/api/party-bookings', { ...partyBody, date, time, email: `p${i}@example.com` }, 'visitor'),
      );
      return { id, version: version!, token: links().sign('party', id, date, t().config.zone) };
    },
    /** A staff booking for today (Wednesday 2026-11-18) at 3 PM: arrivals are marked on the day. */
    async todaysReservation() {
      const i = next();
      return ok(
        send('POST', '/api/admin/reservations', { ...reservationBody, date: '2026-11-18', time: '15:00', email: `today${i}@example.com` }),
      );
    },
    async event() {
      const i = next();
      return ok(
        send('POST', '/api/admin/events', { title: `Night ${i}`, event_date: '2026-11-20', event_time: '7:00 PM', max_attendees: 10 }),
      );
    },
    async signUp() {
      const event = await this.event();
      const i = next();
      const date = '2026-11-20';
      const body = { date, name: `Guest ${i}`, email: `s${i}@example.com`, phone: '(262) 555-0123', places: 1 };
      const { id } = await ok(send('POST', `/api/events/${event.id}/sign-ups`, body, 'visitor'));
      return { id, eventId: event.id, token: signUpLinks(t().config).sign(id, date) };
    },
    async game() {
      const game = await ok(
        send('POST', '/api/admin/games', { title: `Game ${next()}`, minPlayers: 2, maxPlayers: 4, copies: [{ condition: 'complete' }] }),
      );
      return { id: game.id, copyId: (game.copies as { id: string }[])[0]!.id };
    },
    /** A party in today's door queue (issue 49). */
    doorQueueParty: () =>
      ok(send('POST', '/api/admin/door-queue', { name: `Door ${next()}`, email: `door${next()}@example.com`, partySize: 2 })),
    category: () => ok(send('POST', '/api/admin/menu/categories', { name: `Category ${next()}` })),
    async item() {
      const category = await ok(send('POST', '/api/admin/menu/categories', { name: `Category ${next()}` }));
      return ok(send('POST', '/api/admin/menu/items', { categoryId: category.id, name: `Item ${next()}`, price: 4.5 }));
    },
    image: () => ok(send('POST', '/api/admin/gallery', { url: `https://img.test/${next()}.jpg`, alt: 'A table' })),
    /** A reservation whose host opened its table (2 seats shared), through the host's link. */
    async openTable() {
      const host = await this.reservation({ partySize: 3 });
      const table = await ok(send('PUT', `/api/open-tables/host/${host.token}`, { game: 'Catan', seats: 2 }, 'visitor'));
      return { tableId: table.id, token: host.token, reservationId: host.id };
    },
    async joinRequest() {
      const table = await this.openTable();
      const i = next();
      const request = await ok(
        send(
          'POST',
          `/api/open-tables/${table.tableId}/join-requests`,
          { name: `Joiner Number${i}`, email: `j${i}@example.com`, partySize: 1 },
          'visitor',
        ),
      );
      return { ...table, requestId: request.id };
    },
    /** An open day late in December with no bookings: closing or reopening it touches nothing else. */
    quietDate: () => `2026-12-${String(20 + (next() % 12)).padStart(2, '0')}`,
    async blockedDate() {
      return ok(send('POST', '/api/admin/blocked-dates', { date: this.quietDate(), reason: 'Private event' }));
    },
    async blockedRange() {
      const from = this.quietDate();
      return ok(send('POST', '/api/admin/blocked-ranges', { from, to: from, reason: 'Inventory', bookings: 'keep' }));
    },
    /** Waits until the last rebuild of read models is done (it runs on after its 202). */
    async rebuilt() {
      for (let i = 0; i < 200; i++) {
        const { lastRun } = await ok(send('GET', '/api/admin/system/projections'));
        if ((lastRun as { status: string } | null)?.status === 'done') return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async staffEmail() {
      const email = `staff${next()}@example.com`;
      await ok(send('POST', '/api/admin/whitelist', { email }));
      return email;
    },
  };
}

export type OneDoorKit = ReturnType<typeof oneDoorKit>;

export type Vars = Record<string, unknown>;
/** A JSON body, or a multipart one (an upload). */
export type Body = Record<string, unknown> | Multipart;

/** One write route, as the one-door test calls and counts it. */
export interface Row {
  /** `METHOD /api/path/:param`, as the app's route table lists it. */
  route: string;
  /** Who calls it (default staff). */
  as?: 'staff' | 'visitor';
  /** Makes what the call needs (not counted); its answer fills the route's :params and the body. */
  setup?: (k: OneDoorKit) => Promise<Vars>;
  body?: Body | ((vars: Vars, k: OneDoorKit) => Body | Promise<Body>);
  /** The café's clock for this call only. */
  now?: string;
  status: number;
  /** Pipeline attempts (decisions) expected; default 1. Another number is an exception: say why in `why`. */
  attempts?: number;
  /** Appends expected; default 1 (0 for a refusal or no-op; say why in `why`). */
  appends?: number;
  /** Why the row is an exception to one read, one decision, one append. */
  why?: string;
  after?: (vars: Vars, k: OneDoorKit) => Promise<void>;
}

/** Per route: its answer, its reads (per stream kind), the reads outside the pipeline, decisions and appends. */
export function countsTable(results: readonly { row: Row; status: number; tally: Tally }[], noteOf: (row: Row) => string): string {
  const kind = (stream: string) => stream.replace(/-.*/, '');
  const lines = results.map(({ row, status, tally }) => {
    const reads = [...tally.reads].map(([s, n]) => `${kind(s)}${n > 1 ? `×${n}` : ''}`).join(' ') || '-';
    const outside = [...new Set(tally.outside.map(kind))].join(' ') || '-';
    const note = noteOf(row);
    return `| ${row.route} | ${status} | ${reads} | ${outside} | ${tally.attempts} | ${tally.appends} | ${note} |`;
  });
  return [
    '| route | status | reads | read outside the pipeline | decisions | appends | note |',
    '|---|---|---|---|---|---|---|',
    ...lines,
  ].join('\n');
}
