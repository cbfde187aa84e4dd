import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_HOLDING_MINUTES,
  DEFAULT_SEAT_CAPACITY,
  adminReservationSchema,
  todayIn,
  type EventMetadata,
  type FloorInput,
  type ReservationDetails,
} from '@cafe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInAdmin } from '../../test/auth.js';
import { plannedBookings } from '../../test/year-of-bookings.js';
import { features } from '../features.js';
import { seatingProjection, type SeatingDayDoc } from '../cafe-day/index.js';
import { stripMeta } from '../platform/projections/projection.js';
import { FLOOR_DOC_ID, floorProjection, type FloorDoc } from './floor-projection.js';
import { floorDaysProjection, isUnplaced, type FloorDayDoc } from './floor-days-projection.js';

/**
 * Issue 48's Must-show: a store with 15,000 seat-only bookings (made before any floor, by the staff
 * booking command as year-of-bookings.ts makes them) gets a floor: every future booking is placed or
 * listed, nothing lost, no table holds two overlapping stays, and a restart (the placement stopped
 * midway, then the read models replayed from the log) comes to the same. The mail reactor is left out:
 * 15,000 confirmations nobody reads are not what is measured.
 */
const TOTAL = 15_000;
const PER_DAY = 150;

/** Thirty tables in three areas, two combinations. */
const FLOOR: FloorInput = {
  areas: [
    {
      name: 'Main room',
      tables: Array.from({ length: 14 }, (_, i) => ({ name: `M${i + 1}`, minSeats: 1, maxSeats: i < 8 ? 2 : 4, online: true })),
    },
    {
      name: 'Back room',
      tables: Array.from({ length: 10 }, (_, i) => ({ name: `B${i + 1}`, minSeats: 2, maxSeats: i < 6 ? 4 : 6, online: true })),
    },
    { name: 'Patio', tables: Array.from({ length: 6 }, (_, i) => ({ name: `P${i + 1}`, minSeats: 2, maxSeats: 6, online: i >= 3 })) },
  ],
  combinations: [
    { tables: ['B7', 'B8'], minSeats: 7, maxSeats: 12 },
    { tables: ['P1', 'P2'], minSeats: 7, maxSeats: 12 },
  ],
};

const withoutMail = features.filter((f) => f.name !== 'notifications');
let t: TestApp;

afterAll(async () => {
  await t?.close();
});

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

async function floorDoc(): Promise<FloorDoc | null> {
  return t.runtime.documents.collection<FloorDoc>(floorProjection.name).get(FLOOR_DOC_ID);
}

async function until(done: () => Promise<boolean>, what: string, ms = 50_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The bookings as the staff booking command stores them before any floor (ReservationRequested on the
 * booking's stream, SeatsReserved on its day's: seats only, no tables), appended a day at a time in one
 * append each, straight to the store (through its guest-data encryption): 15,000 commands would cost
 * minutes here, and what is measured is the placement.
 */
async function seatOnly(bookings: ReservationDetails[]): Promise<void> {
  const metadata: EventMetadata = {
    occurredAt: t.clock.now().toISOString(),
    actor: { kind: 'admin', email: 'owner@example.com', userId: 'scale' },
    correlationId: 'scale',
    causationId: 'scale',
  };
  const byDate = new Map<string, { id: string; details: ReservationDetails }[]>();
  bookings.forEach((details, n) => byDate.set(details.date, [...(byDate.get(details.date) ?? []), { id: `scale-${n}`, details }]));
  for (const [date, day] of byDate) {
    await t.runtime.eventStore.appendToStreams([
      {
        streamId: `seating-${date}`,
        expectedRevision: 'no_stream',
        events: day.map(({ id, details }) => ({
          type: 'SeatsReserved',
          data: {
            date,
            bookingId: id,
            kind: 'reservation',
            time: details.time,
            partySize: details.partySize,
            holdingMinutes: DEFAULT_HOLDING_MINUTES,
            capacity: DEFAULT_SEAT_CAPACITY,
          },
          metadata,
        })),
      },
      ...day.map(({ id, details }) => ({
        streamId: `reservation-${id}`,
        expectedRevision: 'no_stream' as const,
        events: [{ type: 'ReservationRequested', data: { reservationId: id, source: 'admin', ...details }, metadata }],
      })),
    ]);
  }
}

/** The read models the floor draws from, as a restart must find them again. */
async function snapshot() {
  return {
    days: (await t.runtime.documents.collection<FloorDayDoc>(floorDaysProjection.name).find({})).map((d) => stripMeta(d) as FloorDayDoc),
    seating: (await t.runtime.documents.collection<SeatingDayDoc>(seatingProjection.name).find({ date: { $gte: '0' } })).map(
      (d) => stripMeta(d) as SeatingDayDoc,
    ),
  };
}

describe('a store of 15,000 seat-only bookings gets a floor', () => {
  it('places every future booking or lists it, loses none, double-books no table, and a restart midway replays it the same', async () => {
    t = await createTestApp({ features: withoutMail });
    const staff = await signInAdmin(t);
    const today = todayIn(t.config.zone, t.clock.now());
    const planned = plannedBookings(today, TOTAL, PER_DAY);
    const schema = adminReservationSchema(today, t.config.bookingHorizonDays);
    await seatOnly(planned.map((p) => schema.parse(p)));
    await t.runtime.readModels.waitFor(await t.runtime.eventStore.headPosition());
    const booked = (await snapshot()).seating.flatMap((d) => d.holds.map((h) => h.bookingId));
    expect(booked).toHaveLength(TOTAL);

    // Given the floor, the placement starts; the process stops midway (a restart) and comes back to finish it.
    const put = await t.app.inject({ method: 'PUT', url: '/api/admin/floor', headers: staff.headers, payload: FLOOR });
    expect(put.statusCode, put.body).toBe(200);
    await until(async () => {
      const days = await t.runtime.documents.collection<FloorDayDoc>(floorDaysProjection.name).find({});
      return days.some((d) => d.holds.some((h) => h.tables !== undefined));
    }, 'the placement to begin');
    expect((await floorDoc())?.placement, 'stopped midway').toMatchObject({ floorVersion: 0, completed: false });
    t = await t.restart();
    await until(async () => (await floorDoc())?.placement?.completed === true, 'the placement to finish after the restart');
    // Then every booking is still held on its day, each with tables or listed unplaced.
    const placedState = await snapshot();
    const holds = placedState.days.flatMap((d) => d.holds.map((h) => ({ id: h.bookingId, date: d.date, ...h })));
    expect(holds.map((h) => h.id).sort()).toEqual([...booked].sort());
    const unplaced = holds.filter(isUnplaced);
    const placed = holds.filter((h) => (h.tables?.length ?? 0) > 0);
    expect(placed.length + unplaced.length).toBe(TOTAL);
    expect(placed.length).toBeGreaterThan(TOTAL / 3);
    const admin = await signInAdmin(t);
    const view = await t.app.inject({ method: 'GET', url: `/api/admin/floor/view?date=${planned[0]!.date}`, headers: admin.headers });
    const listed = view.json<{ unplaced: { bookingId: string }[] }>().unplaced.map((u) => u.bookingId);
    expect(listed.sort()).toEqual(unplaced.map((h) => h.id).sort());
    // No table holds two overlapping stays.
    for (const day of placedState.days) {
      const byTable = new Map<string, [number, number][]>();
      for (const h of day.holds) {
        for (const table of h.tables ?? []) {
          const spans = byTable.get(table) ?? [];
          const from = minutes(h.time);
          const to = from + h.holdingMinutes;
          expect(
            spans.some(([a, b]) => from < b && a < to),
            `${day.date} table ${table} at ${h.time}`,
          ).toBe(false);
          spans.push([from, to]);
          byTable.set(table, spans);
        }
      }
    }

    // A restart replays the log into the same read models.
    t = await t.restart();
    expect(await snapshot()).toEqual(placedState);
  }, 120_000);
});
