import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEARCH_LIMIT_MESSAGE, SEARCH_QUERY_SHORT, type BookingSearchAnswer } from '@cafe/contracts';
import type { DocumentCollection, DocumentStore } from '../platform/document-store/document-store.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signIn, signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';

let t: TestApp;
let admin: Client;
let visitor: Client;
const ids = { past: '', ada: '', party: '', cancelled: '', zoe: '' };

const ok = async (res: Promise<{ statusCode: number; body: string }>, status = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(status);
  return JSON.parse(r.body) as { id: string };
};
const search = async (q: string, extra = '') => {
  const res = await admin.get(`/api/admin/booking-search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BookingSearchAnswer;
};
/** How many documents each find on booking_search returned. */
function spyOnFinds(documents: DocumentStore): number[] {
  const counts: number[] = [];
  const original = documents.collection.bind(documents);
  vi.spyOn(documents, 'collection').mockImplementation(<T extends { _id: string }>(name: string) => {
    const collection = original(name) as DocumentCollection<T>;
    if (name !== 'booking_search') return collection as never;
    return {
      ...collection,
      find: async (...args: Parameters<DocumentCollection<T>['find']>) => {
        const docs = await collection.find(...args);
        counts.push(docs.length);
        return docs;
      },
    } as never;
  });
  return counts;
}
const found = async (q: string) => (await search(q)).results.map((r) => `${r.kind}:${r.name}:${r.date}:${r.status}`);

beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-10T16:00:00.000Z' });
  admin = client(t, await signInAdmin(t, 'owner@example.com'));
  visitor = client(t);
  // A booking in the past: made on the 10th for the 14th, then the clock moves on to the 18th.
  ids.past = (await ok(visitor.post('/api/reservations', { ...reservationBody, date: '2026-11-14', phone: '(608) 555-1234' }), 201)).id;
  t.clock.set('2026-11-18T16:00:00.000Z');
  ids.ada = (await ok(visitor.post('/api/reservations', { ...reservationBody, date: '2026-11-21', phone: '(608) 555-1234' }), 201)).id;
  ids.party = (await ok(visitor.post('/api/party-bookings', partyBody), 201)).id;
  ids.cancelled = (await ok(visitor.post('/api/reservations', { ...reservationBody, date: '2026-11-28', name: 'Ada Byron' }), 201)).id;
  await ok(admin.delete(`/api/reservations/${ids.cancelled}`));
  ids.zoe = (
    await ok(
      visitor.post('/api/reservations', { ...reservationBody, name: 'Zoë Quinn', email: 'Zoe.Quinn@Example.com', phone: '(414) 555-7788' }),
      201,
    )
  ).id;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/booking-search', () => {
  it('finds by part of a name, case-insensitive: upcoming soonest first, then past, cancelled last', async () => {
    expect(await found('aDa lOv')).toEqual(['reservation:Ada Lovelace:2026-11-21:booked', 'reservation:Ada Lovelace:2026-11-14:booked']);
    expect(await found('ADA')).toEqual([
      'reservation:Ada Lovelace:2026-11-21:booked',
      'reservation:Ada Lovelace:2026-11-14:booked',
      'reservation:Ada Byron:2026-11-28:cancelled',
    ]);
  });

  it('finds by part of an e-mail address, and ignores accents and case', async () => {
    expect(await found('GRACE@')).toEqual(['party:Grace Hopper:2026-11-28:pending']);
    expect(await found('zoe')).toEqual(['reservation:Zoë Quinn:2026-11-21:booked']);
    const answer = await search('quinn@example');
    expect(answer.results[0]).toMatchObject({ id: ids.zoe, matched: 'email', email: 'Zoe.Quinn@Example.com' });
    expect(answer.guests).toEqual([{ email: 'Zoe.Quinn@Example.com', name: 'Zoë Quinn', phone: '(414) 555-7788', bookings: 1 }]);
  });

  it('finds by the digits of a phone however either was typed', async () => {
    for (const q of ['555 12', '555-12', '(608) 555', '6085551234']) {
      const answer = await search(q);
      expect(
        answer.results.map((r) => r.id),
        q,
      ).toEqual([ids.ada, ids.past]);
      expect(answer.results[0]!.matched).toBe('phone');
    }
    expect((await search('555-0111')).results.map((r) => r.id)).toEqual([ids.party]);
    expect((await search('Ada 2')).results).toEqual([]);
  });

  it('follows changes: a new name is found, the old is not; an approved party says so', async () => {
    const res = await admin.patch(`/api/reservations/${ids.zoe}`, { ...reservationBody, name: 'Zoe Marlowe', email: 'zoe@example.org' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await found('quinn')).toEqual([]);
    expect(await found('marlowe')).toEqual(['reservation:Zoe Marlowe:2026-11-21:booked']);
    await ok(admin.patch(`/api/party-bookings/${ids.party}/approve`, { status: 'approved' }));
    expect(await found('hopper')).toEqual(['party:Grace Hopper:2026-11-28:approved']);
  });

  it('caps the results at the limit and says more matched', async () => {
    const answer = await search('example', '&limit=2');
    expect(answer.results).toHaveLength(2);
    expect(answer.more).toBe(true);
    expect((await search('example', '&limit=50')).more).toBe(false);
  });

  it('answers 400 with the message for a query too short or a bad limit', async () => {
    for (const [url, message] of [
      ['/api/admin/booking-search?q=a', SEARCH_QUERY_SHORT],
      ['/api/admin/booking-search', SEARCH_QUERY_SHORT],
      ['/api/admin/booking-search?q=%20%20a%20', SEARCH_QUERY_SHORT],
      ['/api/admin/booking-search?q=ada&limit=0', SEARCH_LIMIT_MESSAGE],
      ['/api/admin/booking-search?q=ada&limit=lots', SEARCH_LIMIT_MESSAGE],
      [`/api/admin/booking-search?q=${'x'.repeat(101)}`, 'Search for at most 100 characters'],
    ] as const) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain(message);
    }
  });

  it('is staff only: 401 signed out, 403 for a signed-in guest', async () => {
    expect((await visitor.get('/api/admin/booking-search?q=ada')).statusCode).toBe(401);
    const guest = client(t, await signIn(t, 'guest@example.com'));
    expect((await guest.get('/api/admin/booking-search?q=ada')).statusCode).toBe(403);
  });

  it('is rebuilt identically from the events after a restart', async () => {
    const before = await search('example', '&limit=50');
    t = await t.restart();
    admin = client(t, await signInAdmin(t, 'owner@example.com'));
    visitor = client(t);
    expect(await search('example', '&limit=50')).toEqual(before);
  });

  it('forgets a guest: after `forget` none of their bookings is found by name, e-mail or phone, and others stay', async () => {
    const res = await admin.post('/api/admin/privacy/forget', { email: 'ada@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    for (const q of ['lovelace', 'ada@example', '555 12', '608']) expect(await found(q), q).toEqual([]);
    expect(await found('hopper')).toEqual(['party:Grace Hopper:2026-11-28:approved']);
    // And stays forgotten when the read model is rebuilt from the events.
    t = await t.restart();
    admin = client(t, await signInAdmin(t, 'owner@example.com'));
    expect(await found('lovelace')).toEqual([]);
  });
  it('a broad query reads at most limit + 1 bookings per find, answers the limit and says more matched', async () => {
    const dates = ['2026-11-21', '2026-11-28', '2026-12-05', '2026-12-12', '2026-12-19'];
    for (const date of dates)
      for (const time of ['11:00', '12:00', '13:00'])
        await ok(
          admin.post('/api/admin/reservations', { ...reservationBody, name: `Broad Guest ${date} ${time}`, partySize: 2, date, time }),
          201,
        );
    const read = spyOnFinds(t.runtime.documents);
    const answer = await search('broad guest', '&limit=3');
    expect(answer.results.map((r) => `${r.date} ${r.time}`)).toEqual(['2026-11-21 11:00', '2026-11-21 12:00', '2026-11-21 13:00']);
    expect(answer.more).toBe(true);
    // 15 bookings match; no find reads more than 4 of them.
    expect(read.length).toBeGreaterThan(0);
    expect(Math.max(...read)).toBeLessThanOrEqual(4);
    vi.restoreAllMocks();
  });
});
