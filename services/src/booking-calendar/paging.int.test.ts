import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  encodeCursor,
  PAGE_CURSOR_MESSAGE,
  PAGE_LIMIT_MESSAGE,
  PAGED_VIEWS_MESSAGE,
  weekdayOf,
  type BookingsView,
  type Page,
} from '@cafe/contracts';
import { createTestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { client, partyBody, reservationBody, type Client } from '../../test/booking-test-kit.js';

/**
 * Cursor paging of the staff lists (the List View, GET /api/reservations, GET /api/party-bookings):
 * the pages joined are the whole list in order, with ties on date and time, and stay so when bookings
 * are added between two pages. The test clock says Wednesday 2026-11-18 in Chicago.
 */
const TIMES = ['15:00', '15:00', '16:30', '18:00', '18:00', '18:00', '19:00'];
/** Days the café seats at 15:00–19:00 (not Monday, its closed day). */
const openDays = (from: string, count: number) => {
  const days: string[] = [];
  for (let d = from; days.length < count; d = addDays(d, 1)) if (weekdayOf(d) !== 1) days.push(d);
  return days;
};

let admin: Client;
let n = 0;
const reserve = async (date: string, time: string) => {
  const res = await admin.post('/api/admin/reservations', { ...reservationBody, name: `Guest ${++n}`, date, time, partySize: 2 });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const getJson = async <T>(url: string) => {
  const res = await admin.get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};
const viewIds = (view: BookingsView) => view.entries.map((e) => `${e.kind}:${e.id}`);

/** Every page of a list from the first, following nextCursor; `between` runs after the first page. */
async function walkView(limit: number, between?: () => Promise<void>) {
  const ids: string[] = [];
  let cursor: string | null | undefined;
  let pages = 0;
  do {
    const view = await getJson<BookingsView>(`/api/admin/bookings/list?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(view.entries.length).toBeLessThanOrEqual(limit);
    ids.push(...viewIds(view));
    cursor = view.nextCursor;
    if (pages++ === 0) await between?.();
  } while (cursor);
  return { ids, pages };
}

async function walkList(path: string, limit: number) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<{ id: string }> = await getJson(`${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...page.items.map((r) => r.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describe('staff lists in pages (cursor and limit)', () => {
  beforeAll(async () => {
    const t = await createTestApp();
    admin = client(t, await signInAdmin(t));
    for (const date of openDays('2026-11-19', 5)) for (const time of TIMES) await reserve(date, time);
    const party = await admin.post('/api/party-bookings', { ...partyBody, date: '2026-11-21', time: '18:00' });
    expect((await admin.patch(`/api/party-bookings/${party.json().id as string}/approve`, { status: 'approved' })).statusCode).toBe(200);
    return () => t.close();
  });

  it('the List View’s pages, joined, are the whole list in order, for any page size', async () => {
    const whole = viewIds(await getJson<BookingsView>('/api/admin/bookings/list'));
    expect(whole).toHaveLength(36);
    for (const limit of [1, 4, 7, 36, 50]) {
      const { ids, pages } = await walkView(limit);
      expect(ids, `limit ${limit}`).toEqual(whole);
      expect(pages).toBe(Math.max(1, Math.ceil(whole.length / limit)));
    }
    const first = await getJson<BookingsView>('/api/admin/bookings/list?limit=5');
    expect(first.count).toBe(5);
    expect(first.nextCursor).toEqual(expect.any(String));
    // Unpaged, the view answers as before: every entry and no cursor.
    expect(await getJson<BookingsView>('/api/admin/bookings/list')).not.toHaveProperty('nextCursor');
  });

  it('a booking added between two pages: after the cursor it shows, before it it does not, and nothing repeats or goes missing', async () => {
    const before = viewIds(await getJson<BookingsView>('/api/admin/bookings/list'));
    const added: string[] = [];
    const { ids } = await walkView(8, async () => {
      // The first page ends on the first day (7 bookings, then one of the second day's 15:00).
      added.push(`reservation:${await reserve('2026-11-19', '15:00')}`); // before the cursor: already read past
      added.push(`reservation:${await reserve('2026-11-20', '18:00')}`); // a tie with later rows of page two
      added.push(`reservation:${await reserve('2026-11-28', '19:00')}`); // far ahead
    });
    const after = viewIds(await getJson<BookingsView>('/api/admin/bookings/list'));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(after.filter((id) => id !== added[0]));
    expect(ids).toEqual(expect.arrayContaining([...before, added[1]!, added[2]!]));
  });

  it('GET /api/reservations and /api/party-bookings page the same way; without paging they answer SPEC’s whole array', async () => {
    const whole = await getJson<{ id: string }[]>('/api/reservations');
    expect(Array.isArray(whole)).toBe(true);
    expect(await walkList('/api/reservations', 6)).toEqual(whole.map((r) => r.id));
    const parties = await getJson<{ id: string }[]>('/api/party-bookings');
    expect(await walkList('/api/party-bookings', 1)).toEqual(parties.map((p) => p.id));
    // A cursor alone pages with the default size.
    const first = await getJson<Page<{ id: string }>>('/api/reservations?limit=2');
    const rest = await getJson<Page<{ id: string }>>(`/api/reservations?cursor=${first.nextCursor}`);
    expect(rest.items.map((r) => r.id)).toEqual(whole.slice(2, 52).map((r) => r.id));
  });

  it('answers 400 with the reason for a bad limit or cursor, and for paging a view that is not the list', async () => {
    const forged = encodeCursor({ date: '2026-11-19', time: '15:00', createdAt: 'x', id: 'y' }).slice(0, -3) + '!!!';
    const cases: [string, string][] = [
      ['limit=0', PAGE_LIMIT_MESSAGE],
      ['limit=201', PAGE_LIMIT_MESSAGE],
      ['limit=ten', PAGE_LIMIT_MESSAGE],
      ['limit=2.5', PAGE_LIMIT_MESSAGE],
      ['limit=-1', PAGE_LIMIT_MESSAGE],
      ['cursor=not-a-cursor', PAGE_CURSOR_MESSAGE],
      [`cursor=${Buffer.from('["a",1]').toString('base64url')}`, PAGE_CURSOR_MESSAGE],
      [`cursor=${encodeURIComponent(forged)}`, PAGE_CURSOR_MESSAGE],
    ];
    for (const path of ['/api/admin/bookings/list', '/api/reservations', '/api/party-bookings']) {
      for (const [query, message] of cases) {
        const res = await admin.get(`${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
    for (const view of ['week', 'month', 'today']) {
      const res = await admin.get(`/api/admin/bookings/${view}?limit=10`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PAGED_VIEWS_MESSAGE);
    }
    // Blank values mean "not set": the whole list, as the Filter dialog's Clear All leaves a query.
    expect(Array.isArray(await getJson('/api/reservations?limit=&cursor='))).toBe(true);
  });
});
