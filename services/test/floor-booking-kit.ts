import type { LightMyRequestResponse } from 'fastify';
import { floorSchema, type FloorInput, type SeatHold } from '@cafe/contracts';
import { appendDirectly, type TestApp } from './test-app.js';
import { fold } from '../src/platform/commands/decider.js';
import { FLOOR_STREAM, holdsOf, seatingDecider, seatingStream } from '../src/cafe-day/index.js';

// What the booking-on-tables tests share: the floor of issue 48's example, set through the staff's route.

/**
 * Five 2-tops, two 6-tops seating 3 to 6, and the 6-tops joinable as 8 to 12 (issue 48's example), all
 * bookable online, default stays (1–2 guests 90 minutes, 3–4 120, 5 and more 150).
 */
export const EXAMPLE_FLOOR: FloorInput = {
  areas: [
    {
      name: 'Main room',
      tables: [
        ...[1, 2, 3, 4, 5].map((n) => ({ name: `T${n}`, minSeats: 1, maxSeats: 2, online: true })),
        { name: 'S1', minSeats: 3, maxSeats: 6, online: true },
        { name: 'S2', minSeats: 3, maxSeats: 6, online: true },
      ],
    },
  ],
  combinations: [{ tables: ['S1', 'S2'], minSeats: 8, maxSeats: 12 }],
};

type Send = (method: 'PUT', url: string, body: unknown) => Promise<LightMyRequestResponse>;

/** Staff set the floor (PUT /api/admin/floor); where the floor's route is not served, its FloorSet is appended. */
export async function setFloor(t: TestApp, send: Send, floor: FloorInput = EXAMPLE_FLOOR): Promise<void> {
  const res = await send('PUT', '/api/admin/floor', floor);
  if (res.statusCode === 200) {
    await t.runtime.readModels.waitFor(await t.runtime.eventStore.headPosition());
    return;
  }
  if (res.statusCode !== 404) throw new Error(`PUT /api/admin/floor answered ${res.statusCode}: ${res.body}`);
  await appendDirectly(t, FLOOR_STREAM, { type: 'FloorSet', data: { floor: floorSchema.parse(floor), changes: [] } });
}

/** The holds a day's stream holds now (the authority), folded from the event store. */
export async function dayHolds(t: TestApp, date: string): Promise<SeatHold[]> {
  return Object.values(holdsOf(fold(seatingDecider, await t.runtime.eventStore.readStream(seatingStream(date)))));
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Two holds at one table whose stays overlap: what must never happen. */
export function doubleBooked(holds: readonly SeatHold[]): string[] {
  const clashes: string[] = [];
  holds.forEach((a, i) =>
    holds.slice(i + 1).forEach((b) => {
      const shared = (a.tables ?? []).filter((t) => (b.tables ?? []).includes(t));
      const [aFrom, bFrom] = [minutesOf(a.time), minutesOf(b.time)];
      if (shared.length && aFrom < bFrom + b.holdingMinutes && bFrom < aFrom + a.holdingMinutes)
        clashes.push(`${a.bookingId} and ${b.bookingId} at ${shared.join(' + ')}`);
    }),
  );
  return clashes;
}
