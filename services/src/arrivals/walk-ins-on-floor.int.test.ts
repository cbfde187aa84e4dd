import { describe, expect, it } from 'vitest';
import { TABLE_RULE_CODE, tableTakenMessage, type ArrivalsOut, type FloorInput, type WalkInOut } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import { bookingEvents, client } from '../../test/booking-test-kit.js';

/** Wednesday 2026-11-18, 7:10 PM in Chicago: a walk-in now is seated at the 7:00 PM slot. */
const EVENING = '2026-11-19T01:10:00.000Z';
const TODAY = '2026-11-18';

/** Two two-tops and a four-top online, and a six-top on the patio kept for walk-ins. */
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

describe('walk-ins on a floor: POST /api/admin/walk-ins with or without tables', () => {
  const suite = useAdminApp({ now: EVENING });
  const { t } = suite;
  const admin = client(t, { headers: suite.admin });
  const walkIn = (body: object) => admin.post('/api/admin/walk-ins', body);
  const seated = async (body: object) => {
    const res = await walkIn(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as WalkInOut;
  };

  it('given no floor, when three walk in, then they are seated by the seat capacity and the answer names no table', async () => {
    // Once the floor below is set, its placement gives them the four-top: the two-tops stay free.
    const answer = await seated({ partySize: 3, name: 'No floor yet' });
    expect(answer).toEqual({ id: expect.any(String), version: 1, date: TODAY, time: '19:00' });
  });

  it('given a floor, when a couple walks in at 7:10 PM with no table chosen, then it gets the best free table at the 7:00 PM slot for its stay (90 minutes) from 7:10 PM', async () => {
    expect((await suite.send('PUT', '/api/admin/floor', FLOOR)).statusCode).toBe(200);
    const answer = await seated({ partySize: 2, name: 'Best fit' });
    // The slot stays 7:00 PM; the table is held until 8:40 PM, not 8:30 PM (free 10 minutes too early).
    expect(answer).toMatchObject({ date: TODAY, time: '19:00', tables: ['1'], stayUntil: '20:40' });
    // Arrivals move tables' states: the walk-in is seated at its table.
    const day = (await admin.get(`/api/admin/arrivals?date=${TODAY}`)).json() as ArrivalsOut;
    expect(day.bookings).toContainEqual({ kind: 'reservation', id: answer.id, status: 'seated', walkIn: true });
  });

  it('given a party of five, when it walks in, then staff rules give it the patio six-top guests cannot book online', async () => {
    const answer = await seated({ partySize: 5, name: 'Patio five' });
    expect(answer).toMatchObject({ tables: ['7'], stayUntil: '21:40' });
  });

  it('given table 2 free, when a couple walks in at the table staff tapped, then it is seated there', async () => {
    const answer = await seated({ partySize: 2, name: 'Tapped', tables: ['2'] });
    expect(answer).toMatchObject({ tables: ['2'], stayUntil: '20:40' });
  });

  it('given table 1 taken for the stay, when a couple walks in at it, then 409 table-rule and nothing is stored', async () => {
    // The booking streams and the day's (the floor's placement and the mail reactor append on their own schedule).
    const stored = async () => (await bookingEvents(t)).length + (await t.runtime.eventStore.readStream(`seating-${TODAY}`)).length;
    const before = await stored();
    const refused = await walkIn({ partySize: 2, name: 'Taken', tables: ['1'] });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: TABLE_RULE_CODE, message: tableTakenMessage('1', '19:00') });
    expect(await stored()).toBe(before);
  });

  it('given table 1 taken, when staff force the walk-in there after the warning, then it is seated there', async () => {
    const forced = await seated({ partySize: 2, name: 'Forced', tables: ['1'], force: true });
    expect(forced).toMatchObject({ tables: ['1'] });
  });

  it('given a name that is no table, when a walk-in asks for it, then 409 table-rule (even forced)', async () => {
    for (const force of [false, true]) {
      const res = await walkIn({ partySize: 2, tables: ['99'], force });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe(TABLE_RULE_CODE);
    }
  });
});
