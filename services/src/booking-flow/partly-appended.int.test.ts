import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationOut } from '@cafe/contracts';
import { signInAdmin } from '../../test/auth.js';
import { client, reservationBody, type Client } from '../../test/booking-test-kit.js';
import { anotherWriterFirst, appAppendingStreamByStream } from '../../test/stream-by-stream-app.js';
import type { TestApp } from '../../test/test-app.js';
import type { FakeEventStoreDbServer } from '../platform/event-store/eventstoredb-fake-server.js';
import { fold } from '../platform/commands/decider.js';
import { holdsOf, seatingDecider, seatingStream } from '../cafe-day/index.js';

/**
 * Issue 51 M1: EventStoreDB 24.10 appends a decision's streams one after the other. A move appends the
 * new day's seats, the booking, then the old day's release; a cancel the booking, then the release. When
 * a later stream conflicts, what is stored stays, the rest is decided again on fresh state: the answer
 * says what happened and no seats stay held for a booking that left the day.
 */
const SATURDAY = '2026-11-21';
const NEXT_SATURDAY = '2026-11-28';

let t: TestApp;
let server: FakeEventStoreDbServer;
let admin: Client;

beforeAll(async () => {
  ({ t, server } = await appAppendingStreamByStream());
  admin = client(t, await signInAdmin(t));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const heldOn = async (date: string) =>
  Object.fromEntries(
    holdsOf(fold(seatingDecider, await t.runtime.eventStore.readStream(seatingStream(date)))).map((h) => [h.bookingId, h]),
  );
const book = async (details: Partial<typeof reservationBody>) => {
  const res = await admin.post('/api/admin/reservations', { ...reservationBody, ...details });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
};
const reservation = async (id: string) => (await admin.get(`/api/admin/reservations/${id}`)).json<ReservationOut>();

describe('on a store that appends stream by stream, a booking decision whose later stream conflicts is finished', () => {
  it('when a move finds another booking took seats on the old day first, then it answers 200 and the old day holds none of its seats', async () => {
    const id = await book({ time: '11:00', partySize: 4, name: 'Moving Mo' });
    let other = '';
    const happened = anotherWriterFirst(server, seatingStream(SATURDAY), async () => {
      other = await book({ time: '15:00', partySize: 2, name: 'Other Olga' });
    });
    const moved = await admin.patch(`/api/reservations/${id}`, { date: NEXT_SATURDAY });
    expect(happened()).toBe(true);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(Object.keys(await heldOn(SATURDAY))).toEqual([other]);
    expect((await heldOn(NEXT_SATURDAY))[id]).toMatchObject({ time: '11:00', partySize: 4 });
    expect(await reservation(id)).toMatchObject({ date: NEXT_SATURDAY, time: '11:00' });
  });

  it('when a move finds the booking itself changed first (its second append), then it moves the booking as it is now, and the old day holds none of its seats', async () => {
    const id = await book({ time: '12:00', partySize: 3, name: 'Edited Ed' });
    const happened = anotherWriterFirst(server, `reservation-${id}`, async () => {
      const renamed = await admin.patch(`/api/reservations/${id}`, { name: 'Edited Edna' });
      expect(renamed.statusCode, renamed.body).toBe(200);
    });
    const moved = await admin.patch(`/api/reservations/${id}`, { date: NEXT_SATURDAY });
    expect(happened()).toBe(true);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await heldOn(SATURDAY))[id]).toBeUndefined();
    expect((await heldOn(NEXT_SATURDAY))[id]).toMatchObject({ time: '12:00', partySize: 3 });
    expect(await reservation(id)).toMatchObject({ date: NEXT_SATURDAY, name: 'Edited Edna' });
  });

  it('when a cancel finds another booking took seats on its day first, then it answers 200 and its seats are released', async () => {
    const id = await book({ time: '13:00', partySize: 5, name: 'Cancelling Cy' });
    let other = '';
    const happened = anotherWriterFirst(server, seatingStream(SATURDAY), async () => {
      other = await book({ time: '17:00', partySize: 2, name: 'Other Otto' });
    });
    const cancelled = await admin.delete(`/api/reservations/${id}`);
    expect(happened()).toBe(true);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const held = await heldOn(SATURDAY);
    expect(held[id]).toBeUndefined();
    expect(held[other]).toMatchObject({ time: '17:00', partySize: 2 });
    const history = await t.runtime.eventStore.readStream(`reservation-${id}`);
    expect(history.map((e) => e.type)).toEqual(['ReservationRequested', 'ReservationCancelled']);
  });
});
