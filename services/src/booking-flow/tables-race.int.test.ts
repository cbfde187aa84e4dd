import { describe, expect, it } from 'vitest';
import { FULLY_BOOKED_CODE, addDays, slotsFor, type BookingCreated } from '@cafe/contracts';
import { useAdminApp } from '../../test/admin-app.js';
import type { TestAppOptions } from '../../test/test-app.js';
import { FakeEventStoreDbServer } from '../platform/event-store/eventstoredb-fake-server.js';
import { EventStoreDbEventStore } from '../platform/event-store/eventstoredb-event-store.js';
import { MemoryDocumentStore } from '../platform/document-store/memory-document-store.js';
import { reservationBody } from '../../test/booking-test-kit.js';
import { dayHolds, doubleBooked, setFloor } from '../../test/floor-booking-kit.js';
import { seatingProjection, type SeatingDayDoc } from '../cafe-day/index.js';

// The clock says Wednesday 2026-11-18, 10:00 in Chicago.
const ROUNDS = 20;
const RACERS = 50;

/** The next ROUNDS dates from Thursday on that offer 7 PM (default hours). */
const raceDates = (() => {
  const dates: string[] = [];
  for (let d = 1; dates.length < ROUNDS; d++) {
    const date = addDays('2026-11-18', d);
    if (slotsFor(date).includes('19:00')) dates.push(date);
  }
  return dates;
})();

/** The stand-in EventStoreDB (test/stream-by-stream-app.ts): a decision's streams appended one after the other. */
function streamByStream(): TestAppOptions {
  const eventStore = new EventStoreDbEventStore(new FakeEventStoreDbServer().client());
  return { stores: { eventStore, documents: new MemoryDocumentStore(), close: () => eventStore.close() } };
}

describe.each([
  ['the embedded store', () => ({})],
  ['a store appending stream by stream', streamByStream],
])('the race for a floor’s last tables, on %s', (_store, options: () => TestAppOptions) => {
  const { t, send } = useAdminApp(options());
  const visitor = { origin: 'http://localhost:3000' };
  const book = (date: string, partySize: number, name: string) =>
    send('POST', '/api/reservations', { ...reservationBody, name, partySize, date, time: '19:00' }, visitor);

  it(`${RACERS} concurrent public bookings for the last tables, ${ROUNDS} rounds: no table double-booked, one booking per free table`, async () => {
    await setFloor(t, send);
    for (const [round, date] of raceDates.entries()) {
      // Given a day with two 2-tops and a 6-top taken at 7 PM: three 2-tops and one 6-top are left.
      for (const [n, size] of [2, 2, 4].entries()) expect((await book(date, size, `Early ${n}`)).statusCode).toBe(201);
      // When fifty guests ask for 7 PM at once (couples and fours):
      const sizes = Array.from({ length: RACERS }, (_, i) => (i % 3 === 2 ? 4 : 2));
      const answers = await Promise.all(sizes.map((size, i) => book(date, size, `Racer ${round}-${i}`)));

      // Then exactly one booking per free table got in, and every other guest heard "fully booked".
      const won = answers.flatMap((res, i) => (res.statusCode === 201 ? [{ size: sizes[i]!, ...res.json<BookingCreated>() }] : []));
      expect(won.filter((w) => w.size === 2)).toHaveLength(3);
      expect(won.filter((w) => w.size === 4)).toHaveLength(1);
      for (const res of answers.filter((r) => r.statusCode !== 201)) {
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe(FULLY_BOOKED_CODE);
      }
      const answered = won.map((w) => w.tables![0]).sort();
      expect(new Set(answered).size, `round ${round}: each winner has its own table`).toBe(won.length);

      // The day stream (the authority) holds no two overlapping stays at one table, and so does the read model.
      const holds = await dayHolds(t, date);
      expect(holds).toHaveLength(3 + won.length);
      expect(doubleBooked(holds), `round ${round}`).toEqual([]);
      const day = await t.runtime.documents.collection<SeatingDayDoc>(seatingProjection.name).get(date);
      expect(doubleBooked(day!.holds)).toEqual([]);
      expect(day!.holds.map((h) => h.bookingId).sort()).toEqual(holds.map((h) => h.bookingId).sort());
    }
  }, 180_000);
});
