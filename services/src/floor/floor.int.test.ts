import { describe, expect, it } from 'vitest';
import {
  COMBINATION_SIZE_MESSAGE,
  TABLE_MIN_MAX_MESSAGE,
  TABLE_RULE_CODE,
  duplicateNameMessage,
  tableTakenMessage,
  tableTooLargeMessage,
  unknownTableMessage,
  type FloorInput,
} from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { signIn } from '../../test/auth.js';
import { client, reservationBody } from '../../test/booking-test-kit.js';
import { FLOOR_DOC_ID, floorProjection, type FloorDoc } from './floor-projection.js';

/** Two-tops 1–4, four-tops 5 and 6 (joinable for 6–8), a walk-in six-top on the patio. */
const FLOOR: FloorInput = {
  areas: [
    {
      name: 'Main room',
      tables: [
        ...['1', '2', '3', '4'].map((name) => ({ name, minSeats: 1, maxSeats: 2, online: true })),
        { name: '5', minSeats: 3, maxSeats: 4, online: true },
        { name: '6', minSeats: 3, maxSeats: 4, online: true },
      ],
    },
    { name: 'Patio', tables: [{ name: '7', minSeats: 4, maxSeats: 6, online: false, x: 2, y: 20, shape: 'round' }] },
  ],
  combinations: [{ tables: ['5', '6'], minSeats: 6, maxSeats: 8 }],
};

const suite = useAdminApp();
const { t } = suite;
const admin = client(t, { headers: suite.admin });
const visitor = client(t);

const put = (body: unknown, headers: Record<string, string> = {}) =>
  suite.send('PUT', '/api/admin/floor', body, { ...suite.admin, ...headers });
/** The floor's stream (the mail reactor appends on its own schedule, so the whole store's count is not asked). */
const floorEvents = async () => (await t.runtime.eventStore.readStream('floor-main')).length;

/** The placement a floor set started, once it is done (it runs in the background). */
async function placed(version: number): Promise<NonNullable<FloorDoc['placement']>> {
  for (let i = 0; i < 400; i++) {
    const doc = await t.runtime.documents.collection<FloorDoc>(floorProjection.name).get(FLOOR_DOC_ID);
    if (doc?.placement?.floorVersion === version && doc.placement.completed) return doc.placement;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`placement of floor ${version} not completed`);
}

const book = async (partySize: number, time: string, name: string) => {
  const res = await admin.post('/api/admin/reservations', {
    ...reservationBody,
    partySize,
    time,
    name,
    email: `${name.toLowerCase()}@example.com`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
};

describe('the floor: GET and PUT /api/admin/floor', () => {
  it('given no floor, when staff read it, then the empty floor at version -1', async () => {
    const res = await admin.get('/api/admin/floor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ areas: [], combinations: [], maxOversizeOnline: 2, version: -1 });
    expect(res.json().stays.bands).toEqual([
      { fromGuests: 1, minutes: 90 },
      { fromGuests: 3, minutes: 120 },
      { fromGuests: 5, minutes: 150 },
    ]);
  });

  it.each([
    [
      'a name used twice',
      { areas: [{ name: 'Main', tables: [{ name: 'Main', minSeats: 1, maxSeats: 2, online: true }] }] },
      duplicateNameMessage('Main'),
    ],
    [
      'min above max',
      { areas: [{ name: 'Main', tables: [{ name: '1', minSeats: 4, maxSeats: 2, online: true }] }] },
      TABLE_MIN_MAX_MESSAGE,
    ],
    [
      'a combination of an unknown table',
      {
        areas: [{ name: 'Main', tables: [{ name: '1', minSeats: 1, maxSeats: 2, online: true }] }],
        combinations: [{ tables: ['1', '9'], minSeats: 2, maxSeats: 4 }],
      },
      unknownTableMessage('9'),
    ],
    ['a combination of one table', { areas: [], combinations: [{ tables: ['1'], minSeats: 2, maxSeats: 4 }] }, COMBINATION_SIZE_MESSAGE],
  ])('given %s, when staff PUT it, then 400 with the contract message and nothing stored', async (_label, body, message) => {
    const before = await suite.eventCount();
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await suite.eventCount()).toBe(before);
  });

  it('is staff only', async () => {
    expect((await visitor.get('/api/admin/floor')).statusCode).toBe(401);
    const guest = client(t, await signIn(t, 'guest@example.com'));
    expect((await guest.get('/api/admin/floor')).statusCode).toBe(403);
    expect((await guest.post('/api/admin/floor/moves', { date: '2026-11-21', bookingId: 'x', tables: ['1'] })).statusCode).toBe(403);
  });

  it('given bookings before any floor, when staff set one, then GET answers it, History lists what changed, and every booking gets a table', async () => {
    const ada = await book(2, '19:00', 'Ada');
    const bob = await book(2, '19:00', 'Bob');
    const cy = await book(4, '19:00', 'Cy');
    const big = await book(10, '19:00', 'Big');

    const res = await put(FLOOR);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"0"');
    const got = (await admin.get('/api/admin/floor')).json();
    expect(got).toEqual(res.json());
    expect(got).toMatchObject({ version: 0, combinations: [{ tables: ['5', '6'], minSeats: 6, maxSeats: 8 }] });
    expect(got.areas[1].tables[0]).toEqual({ name: '7', minSeats: 4, maxSeats: 6, online: false, x: 2, y: 20, shape: 'round' });

    expect(await placed(0)).toMatchObject({ placed: 3, unplaced: 1 });
    const view = (await admin.get('/api/admin/floor/view?date=2026-11-21&time=19:30')).json();
    const tableOf = (id: string) => view.stays.find((s: { bookingId: string }) => s.bookingId === id)?.tables;
    expect([tableOf(ada), tableOf(bob)].sort()).toEqual([['1'], ['2']]);
    expect(tableOf(cy)).toEqual(['5']);
    expect(view.unplaced).toEqual([{ bookingId: big, date: '2026-11-21', time: '19:00', name: 'Big', partySize: 10 }]);
    expect((await admin.get('/api/admin/floor/unplaced')).json().unplaced).toEqual(view.unplaced);

    const history = (await admin.get('/api/admin/floor/history')).json();
    expect(history.events).toHaveLength(1);
    expect(history.events[0]).toMatchObject({ version: 0, what: 'Floor set up', by: 'owner@example.com' });
    expect(history.events[0].lines).toEqual([
      'Added area Main room',
      'Added area Patio',
      'Added table 1 (1–2 seats, online) in Main room',
      'Added table 2 (1–2 seats, online) in Main room',
      'Added table 3 (1–2 seats, online) in Main room',
      'Added table 4 (1–2 seats, online) in Main room',
      'Added table 5 (3–4 seats, online) in Main room',
      'Added table 6 (3–4 seats, online) in Main room',
      'Added table 7 (4–6 seats, walk-in only) in Patio',
      'Added combination 5 + 6 (6–8 seats)',
    ]);
    const adaHistory = (await admin.get(`/api/admin/reservations/${ada}/history`)).json();
    expect(adaHistory.events.at(-1)).toMatchObject({ type: 'TablesAssigned', what: `Table: none → ${tableOf(ada)[0]} (floor set)` });
  });

  it('given the same floor again, when staff PUT it, then 200 at the same version and nothing appended', async () => {
    const before = await floorEvents();
    const res = await put(FLOOR);
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(0);
    expect(await floorEvents()).toBe(before);
  });

  it('given a stale If-Match, when staff PUT, then 409; with the current one the change is stored with its lines', async () => {
    const changed = {
      ...FLOOR,
      areas: [
        { ...FLOOR.areas[0]!, tables: FLOOR.areas[0]!.tables.map((tb) => (tb.name === '4' ? { ...tb, online: false } : tb)) },
        FLOOR.areas[1]!,
      ],
    };
    expect((await put(changed, { 'if-match': '"7"' })).statusCode).toBe(409);
    const res = await put(changed, { 'if-match': '"0"' });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toBe(1);
    await placed(1);
    const history = (await admin.get('/api/admin/floor/history')).json();
    expect(history.events.at(-1)).toMatchObject({ version: 1, what: 'Floor changed', lines: ['Table 4: walk-in only'] });
  });
});

describe('the host: moves and stays', () => {
  const date = '2026-11-21';
  const stayOf = async (id: string) =>
    (await admin.get(`/api/admin/floor/view?date=${date}&time=19:30`)).json().stays.find((s: { bookingId: string }) => s.bookingId === id);

  it('given a couple at a two-top, when staff move them to a free table, then 200 and History says "Table: 1 → 4"', async () => {
    const id = await book(2, '17:00', 'Dee');
    // Booked with a floor: its table comes with the booking (or from a placement); either way it has one.
    const before = (await stayOf(id))?.tables ?? [];
    const res = await admin.post('/api/admin/floor/moves', { date, bookingId: id, tables: ['4'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ tables: ['4'] });
    const history = (await admin.get(`/api/admin/reservations/${id}/history`)).json();
    expect(history.events.at(-1)).toMatchObject({
      type: 'TablesAssigned',
      what: `Table: ${before.length ? before.join(' + ') : 'none'} → 4`,
    });
  });

  it('given a table taken at that time, when staff move there, then 409 table-rule with the message; forced, 200 and History keeps it', async () => {
    const view = (await admin.get(`/api/admin/floor/view?date=${date}&time=19:30`)).json();
    const cy = view.stays.find((s: { name: string }) => s.name === 'Cy');
    const ada = view.stays.find((s: { name: string }) => s.name === 'Ada');
    const refused = await admin.post('/api/admin/floor/moves', { date, bookingId: ada.bookingId, tables: cy.tables });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: TABLE_RULE_CODE, message: tableTakenMessage(cy.tables[0], '19:00') });
    const forced = await admin.post('/api/admin/floor/moves', { date, bookingId: ada.bookingId, tables: cy.tables, force: true });
    expect(forced.statusCode, forced.body).toBe(200);
    const history = (await admin.get(`/api/admin/reservations/${ada.bookingId}/history`)).json();
    expect(history.events.at(-1).notes).toBe('Moved past a table rule staff were warned of');
  });

  it('given a couple, when staff move them to the 3–4 seat table 5, then 409 table-rule (below its minimum); forced, 200 and History keeps it', async () => {
    const id = await book(2, '13:00', 'Flo');
    const refused = await admin.post('/api/admin/floor/moves', { date, bookingId: id, tables: ['5'] });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: TABLE_RULE_CODE, message: tableTooLargeMessage(['5'], 3, 2) });
    const forced = await admin.post('/api/admin/floor/moves', { date, bookingId: id, tables: ['5'], force: true });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json()).toEqual({ tables: ['5'] });
    const history = (await admin.get(`/api/admin/reservations/${id}/history`)).json();
    expect(history.events.at(-1).notes).toBe('Moved past a table rule staff were warned of');
  });

  it('given a stay, when staff lengthen it, then 200, the view draws it to the new end and History says so', async () => {
    const id = await book(2, '12:00', 'Eve');
    const res = await admin.post('/api/admin/floor/stays', { date, bookingId: id, minutes: 150 });
    expect(res.statusCode, res.body).toBe(200);
    const view = (await admin.get(`/api/admin/floor/view?date=${date}&time=12:30`)).json();
    expect(view.stays.find((s: { bookingId: string }) => s.bookingId === id)).toMatchObject({
      time: '12:00',
      until: '14:30',
      status: 'booked',
    });
    const history = (await admin.get(`/api/admin/reservations/${id}/history`)).json();
    expect(history.events.at(-1)).toMatchObject({ type: 'StayChanged', what: 'Stay: 90 → 150 minutes' });
  });

  it('given a move of an unknown booking or to an unknown table, then 404 / 400 and nothing stored', async () => {
    const dayEvents = async () => (await t.runtime.eventStore.readStream(`seating-${date}`)).length;
    const before = await dayEvents();
    expect((await admin.post('/api/admin/floor/moves', { date, bookingId: 'nobody', tables: ['1'] })).statusCode).toBe(404);
    expect((await admin.post('/api/admin/floor/moves', { date, bookingId: 'x', tables: [] })).json().message).toBe(
      'Choose at least one table',
    );
    expect(await dayEvents()).toBe(before);
  });
});
